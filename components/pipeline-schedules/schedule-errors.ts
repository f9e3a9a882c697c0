// Where the API's answers to a schedule POST land: {"message": {"cron": ["syntax is invalid"]}}
// on its field, Grape's {"error": "description is missing"} on the field it names, the rest on the form.
import { ApiClientError } from '../api-client'

export type ScheduleErrorField = 'description' | 'cron' | 'ref' | 'cron_timezone' | 'root'
const FIELDS = ['description', 'cron', 'ref', 'cron_timezone'] as const

const label = (f: string) => (f === 'cron_timezone' ? 'Cron timezone' : f.charAt(0).toUpperCase() + f.slice(1))

export function scheduleErrors(err: unknown): { field: ScheduleErrorField; message: string }[] {
  if (!(err instanceof ApiClientError))
    return [{ field: 'root', message: err instanceof Error ? err.message : 'Request failed' }]
  const out: { field: ScheduleErrorField; message: string }[] = []
  for (const [field, msgs] of Object.entries(err.fieldErrors)) {
    const known = (FIELDS as readonly string[]).includes(field)
    out.push({ field: known ? (field as ScheduleErrorField) : 'root', message: `${label(field)} ${msgs.join(', ')}` })
  }
  if (out.length) return out
  const error = (err.body as { error?: unknown } | null)?.error
  if (typeof error === 'string') {
    const named = FIELDS.find((f) => error.startsWith(`${f} `))
    if (named) return [{ field: named, message: `${label(named)}${error.slice(named.length)}` }]
  }
  return [{ field: 'root', message: err.message }]
}
