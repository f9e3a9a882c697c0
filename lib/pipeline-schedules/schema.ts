import { z } from 'zod'
import { int, time } from '../api/json-types'
import { pipelineBasicSchema, STATUSES } from '../pipelines/schema'
import { userBasicSchema } from '../users/schema'
import { p } from '../api/param-types'

/** `inputs` as [{name, value}] (value keeps its JSON type) or a {name: value} hash; PUT may send destroy/_destroy. */
const inputs = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v as Record<string, unknown>).map(([name, value]) => ({ name, value }))
      : v,
  z.array(
    z.object({
      name: z.string().min(1),
      value: z.unknown().optional(),
      destroy: p.optional(p.bool()),
      _destroy: p.optional(p.bool()),
    }),
  ),
)
export type InputParam = { name: string; value?: unknown; destroy?: boolean; _destroy?: boolean }

export const scheduleIdParams = z.object({ id: p.id(), pipeline_schedule_id: p.int() })
export const listSchedulesParams = z.object({ id: p.id(), scope: p.optional(p.enum(['active', 'inactive'])) })
export const createScheduleParams = z.object({
  id: p.id(),
  description: p.string(),
  ref: p.string(),
  cron: p.string(),
  cron_timezone: p.optional(p.string()),
  active: p.optional(p.bool()),
  inputs: p.optional(inputs),
})
export type CreateScheduleParams = z.infer<typeof createScheduleParams>
export const updateScheduleParams = scheduleIdParams.extend({
  description: p.optional(p.string()),
  ref: p.optional(p.string()),
  cron: p.optional(p.string()),
  cron_timezone: p.optional(p.string()),
  active: p.optional(p.bool()),
  inputs: p.optional(inputs),
})
export type UpdateScheduleParams = z.infer<typeof updateScheduleParams>

export const schedulePipelinesParams = scheduleIdParams.extend({
  scope: p.optional(p.enum(['running', 'pending', 'finished', 'branches', 'tags'])),
  status: p.optional(p.enum(STATUSES)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  updated_after: p.optional(p.date()),
  updated_before: p.optional(p.date()),
  created_after: p.optional(p.date()),
  created_before: p.optional(p.date()),
})

const variableType = p.optional(p.enum(['env_var', 'file']))
export const variableKeyParams = scheduleIdParams.extend({ key: p.string() })
export const createVariableParams = scheduleIdParams.extend({
  key: p.string(),
  value: p.string(),
  variable_type: variableType,
})
export const updateVariableParams = variableKeyParams.extend({
  value: p.optional(p.string()),
  variable_type: variableType,
})

/** Entities::Ci::PipelineSchedule. */
export const scheduleSchema = z.strictObject({
  id: int(),
  description: z.string(),
  ref: z.string(),
  cron: z.string(),
  cron_timezone: z.string(),
  next_run_at: time().nullable(),
  active: z.boolean(),
  created_at: time().nullable(),
  updated_at: time().nullable(),
  owner: userBasicSchema.nullable(),
  inputs: z.array(z.strictObject({ name: z.string(), value: z.unknown() })),
})
export const scheduleVariableSchema = z.strictObject({
  variable_type: z.string(),
  key: z.string(),
  value: z.string(),
  raw: z.boolean(),
})
/** Entities::Ci::PipelineScheduleDetails: the schedule with its last pipeline and variables. */
export const scheduleDetailSchema = scheduleSchema.extend({
  last_pipeline: pipelineBasicSchema.nullable(),
  variables: z.array(scheduleVariableSchema).optional(),
})
export type ScheduleJson = z.infer<typeof scheduleSchema>
export type ScheduleDetailJson = z.infer<typeof scheduleDetailSchema>
export type ScheduleVariableJson = z.infer<typeof scheduleVariableSchema>
