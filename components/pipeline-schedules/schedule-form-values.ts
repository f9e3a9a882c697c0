// The schedule form's values and their client-side checks (the API has the final word).
import { z } from 'zod'
import { zoneFormValues } from '@/lib/pipeline-schedules/zone-options'
import { inputRows, variableRows } from './schedule-save'
import type { PipelineSchedule } from './types'

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

export function initialValues(defaultRef: string, s?: PipelineSchedule): ScheduleFormValues {
  if (!s)
    return {
      description: '',
      cron: '',
      ...zoneFormValues(undefined),
      ref: defaultRef,
      active: true,
      variables: [],
      inputs: [],
    }
  return {
    description: s.description,
    cron: s.cron,
    // The stored name itself ("Berlin", "Europe/Berlin", an alias): the select always offers it.
    ...zoneFormValues(s.cron_timezone),
    ref: s.ref.replace(/^refs\/(heads|tags)\//, ''),
    active: s.active,
    variables: variableRows(s.variables),
    inputs: inputRows(s.inputs),
  }
}
