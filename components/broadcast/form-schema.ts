// The admin form validates with the endpoint's schema (lib/broadcast-messages/schema.ts) for the
// Grape-level params and with the model's own rules (rules.ts) for the rest, so browser and API
// reject the same input with the same words.
import { z } from 'zod'
import { modelErrors } from '@/lib/broadcast-messages/rules'
import { createBroadcastParams } from '@/lib/broadcast-messages/schema'

const HOUR = 3600_000
const humanize = (field: string) => {
  const s = field.replace(/_/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export const broadcastFormSchema = createBroadcastParams
  .pick({
    starts_at: true,
    ends_at: true,
    target_access_levels: true,
    broadcast_type: true,
    theme: true,
    dismissable: true,
  })
  .extend({ message: z.string(), font: z.string(), target_path: z.string() })
  .superRefine((v, ctx) => {
    // Blank times get the API's defaults (now, now + 1 hour), so check against those.
    const startsAt = v.starts_at ?? new Date()
    const endsAt = v.ends_at ?? new Date(startsAt.getTime() + HOUR)
    const errors = modelErrors({
      message: v.message,
      startsAt,
      endsAt,
      font: v.font || null,
      color: null,
      targetPath: v.target_path,
    })
    for (const [field, texts] of Object.entries(errors))
      ctx.addIssue({ code: 'custom', path: [field], message: `${humanize(field)} ${texts.join(', ')}` })
  })

export type BroadcastFormInput = z.input<typeof broadcastFormSchema>
export type BroadcastFormOutput = z.output<typeof broadcastFormSchema>

/** The fields of the form, for API field errors (applyApiErrors). */
export const FORM_FIELDS = [
  'message',
  'starts_at',
  'ends_at',
  'target_access_levels',
  'broadcast_type',
  'theme',
  'dismissable',
  'font',
  'target_path',
] as const

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, for <input type="datetime-local">. */
export function toLocalInput(d: Date | string): string {
  const t = new Date(d)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`
}

/** What the API receives from the form's output. */
export function toApiBody(v: BroadcastFormOutput) {
  return {
    message: v.message,
    starts_at: v.starts_at?.toISOString(),
    ends_at: v.ends_at?.toISOString(),
    broadcast_type: v.broadcast_type ?? 'banner',
    theme: v.theme ?? 'indigo',
    target_access_levels: v.target_access_levels ?? [],
    target_path: v.target_path,
    dismissable: v.dismissable ?? false,
    font: v.font,
  }
}
