// The schedule form's values and their client-side checks (the API has the final word).
import { z } from 'zod'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { inputRows, variableRows } from './schedule-save'
import type { PipelineSchedule } from './types'

export const CUSTOM_TZ = '__custom__'

export const scheduleFormSchema = z.object({
  description: z.string().trim().min(1, "Description can't be blank"),
  cron: z.string().trim().min(1, "Cron can't be blank"),
  tz_choice: z.string(),
  tz_custom: z.string().trim(),
  ref: z.string().trim().min(1, "Target branch or tag can't be blank"),
  active: z.boolean(),
  variables: z.array(z.object({ key: z.string(), value: z.string(), variable_type: z.enum(['env_var', 'file']) })),
  inputs: z.array(z.object({ name: z.string(), value: z.string() })),
})
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>

export function initialValues(defaultRef: string, zones: readonly string[], s?: PipelineSchedule): ScheduleFormValues {
  if (!s) return { description: '', cron: '', tz_choice: 'UTC', tz_custom: '', ref: defaultRef, active: true, variables: [], inputs: [] }
  const listed = s.cron_timezone === 'UTC' || zones.includes(s.cron_timezone)
  return {
    description: s.description,
    cron: s.cron,
    tz_choice: listed || !resolveTimeZone(s.cron_timezone) ? s.cron_timezone : CUSTOM_TZ,
    tz_custom: listed ? '' : s.cron_timezone,
    ref: s.ref.replace(/^refs\/(heads|tags)\//, ''),
    active: s.active,
    variables: variableRows(s.variables),
    inputs: inputRows(s.inputs),
  }
}
