import { z } from 'zod'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { userBasicSchema } from '../users/schema'

export const STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
  'success',
  'failed',
  'canceling',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const
export const SOURCES = [
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
] as const
/** Statuses a pipeline can still be canceled from, and the finished ones. */
export const ACTIVE = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
  'scheduled',
  'manual',
] as const
export const FINISHED = ['success', 'failed', 'canceled', 'skipped'] as const

export const listPipelinesParams = z.object({
  id: p.id(),
  scope: p.optional(p.enum(['running', 'pending', 'finished', 'branches', 'tags'])),
  status: p.optional(p.enum(STATUSES)),
  source: p.optional(p.enum(SOURCES)),
  ref: p.optional(p.string()),
  sha: p.optional(p.string()),
  username: p.optional(p.string()),
  updated_after: p.optional(p.date()),
  updated_before: p.optional(p.date()),
  created_after: p.optional(p.date()),
  created_before: p.optional(p.date()),
  order_by: p.optional(p.enum(['id', 'status', 'ref', 'updated_at', 'user_id'])),
  sort: p.optional(p.enum(['asc', 'desc'])),
})
export type ListPipelinesParams = z.infer<typeof listPipelinesParams>

export const pipelineParams = z.object({ id: p.id(), pipeline_id: p.int() })

export const createPipelineParams = z.object({
  id: p.id(),
  ref: p.string(),
  variables: p.optional(
    z.array(
      z.object({
        key: p.string(),
        value: p.optional(p.string()),
        variable_type: p.optional(p.enum(['env_var', 'file'])),
      }),
    ),
  ),
  inputs: p.optional(z.record(z.string(), z.unknown())),
})

/** Entities::Ci::PipelineBasic. */
export const pipelineBasicSchema = z.strictObject({
  id: int(),
  iid: int(),
  project_id: int(),
  sha: z.string(),
  ref: z.string(),
  status: z.string(),
  source: z.string(),
  created_at: time().nullable(),
  updated_at: time().nullable(),
  web_url: z.string(),
})
export type PipelineBasicJson = z.infer<typeof pipelineBasicSchema>

/** Entities::Ci::Pipeline: PipelineBasic plus user, times, duration and detailed_status (single reads and actions). */
export const pipelineSchema = pipelineBasicSchema.extend({
  before_sha: z.string(),
  tag: z.boolean(),
  yaml_errors: z.string().nullable(),
  user: userBasicSchema.nullable(),
  started_at: time().nullable(),
  finished_at: time().nullable(),
  committed_at: time().nullable(),
  duration: int().nullable(),
  queued_duration: z.number().nullable(),
  coverage: z.string().nullable(),
  detailed_status: z.strictObject({
    icon: z.string(),
    text: z.string(),
    label: z.string(),
    group: z.string(),
    tooltip: z.string(),
    has_details: z.boolean(),
    details_path: z.string(),
    illustration: z.null(),
    favicon: z.string(),
  }),
})
export type PipelineJson = z.infer<typeof pipelineSchema>
