import { z } from 'zod'
import { STATUSES } from '../pipelines/schema'
import { projectSimpleSchema } from '../projects/schema'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { userBasicSchema } from '../users/schema'
import { RUNNER_TYPES, SCOPES, STATUSES_INCL_DEPRECATED } from './status'

export const ACCESS_LEVELS = ['not_protected', 'ref_protected'] as const
/** A runner's jobs have the pipeline job statuses. */
export const JOB_STATUSES = STATUSES

/** GitLab's :filter_params (tag_list as a comma list or array). */
export const filterParams = {
  type: p.optional(p.enum(RUNNER_TYPES)),
  paused: p.optional(p.bool()),
  status: p.optional(p.enum(STATUSES_INCL_DEPRECATED)),
  tag_list: p.optional(p.stringList()),
  version_prefix: p.optional(p.string().regex(/^[\d+.]+/, 'is invalid')),
}
export const deprecatedFilterParams = { scope: p.optional(p.enum(SCOPES)) }

export const listParams = z.object({ ...deprecatedFilterParams, ...filterParams, search: p.optional(p.string()) })
export type ListParams = z.infer<typeof listParams>

export const runnerIdParams = z.object({ id: p.int() })

export const runnerAttributes = {
  description: p.optional(p.string()),
  active: p.optional(p.bool()),
  paused: p.optional(p.bool()),
  tag_list: p.optional(p.stringList()),
  run_untagged: p.optional(p.bool()),
  locked: p.optional(p.bool()),
  access_level: p.optional(p.enum(ACCESS_LEVELS)),
  maximum_timeout: p.optional(p.int()),
  maintenance_note: p.optional(p.string()),
}
export type RunnerAttributes = { [K in keyof typeof runnerAttributes]?: z.infer<(typeof runnerAttributes)[K]> }

export const updateParams = z.object({ id: p.int(), ...runnerAttributes })

export const runnerJobsParams = z.object({
  id: p.int(),
  system_id: p.optional(p.string()),
  status: p.optional(p.enum(JOB_STATUSES)),
  order_by: p.optional(p.enum(['id'])),
  sort: p.optional(p.enum(['asc', 'desc'])),
})

export const projectRunnersParams = z.object({ id: p.id(), ...deprecatedFilterParams, ...filterParams })
export const groupRunnersParams = z.object({ id: p.id(), ...filterParams })
export const assignParams = z.object({ id: p.id(), runner_id: p.int() })

/** POST /runners (the runner protocol's registration). */
export const registerParams = z.object({
  token: p.string(),
  description: p.optional(p.string()),
  maintainer_note: p.optional(p.string()),
  maintenance_note: p.optional(p.string()),
  info: p.optional(z.record(z.string(), z.unknown())),
  active: p.optional(p.bool()),
  paused: p.optional(p.bool()),
  locked: p.optional(p.bool()),
  run_untagged: p.optional(p.bool()),
  tag_list: p.optional(p.stringList()),
  access_level: p.optional(p.enum(ACCESS_LEVELS)),
  maximum_timeout: p.optional(p.int()),
  name: p.optional(p.string()),
})

/** POST /user/runners (runner created by a signed-in user). */
export const createUserRunnerParams = z.object({
  runner_type: p.enum(RUNNER_TYPES),
  group_id: p.optional(p.int()),
  project_id: p.optional(p.int()),
  ...runnerAttributes,
})

/** Entities::Ci::Runner (list item); created_by only when the runner has a creator. */
export const runnerSchema = z.strictObject({
  id: int(),
  description: z.string(),
  ip_address: z.string(),
  active: z.boolean(),
  paused: z.boolean(),
  is_shared: z.boolean(),
  runner_type: z.string(),
  name: z.string().nullable(),
  online: z.boolean(),
  created_by: userBasicSchema.optional(),
  created_at: time(),
  status: z.string(),
  job_execution_status: z.enum(['active', 'idle']),
})
export type RunnerJson = z.infer<typeof runnerSchema>

/** The runner's projects as Entities::BasicProjectDetails. */
export const runnerProjectSchema = projectSimpleSchema

/** Entities::Ci::RunnerDetails. */
export const runnerDetailSchema = runnerSchema.extend({
  tag_list: z.array(z.string()),
  run_untagged: z.boolean(),
  locked: z.boolean(),
  maximum_timeout: int().nullable(),
  access_level: z.string(),
  version: z.string().nullable(),
  revision: z.string().nullable(),
  platform: z.string().nullable(),
  architecture: z.string().nullable(),
  contacted_at: time().nullable(),
  maintenance_note: z.string().nullable(),
  projects: z.array(runnerProjectSchema),
  groups: z.array(z.strictObject({ id: int(), web_url: z.string(), name: z.string() })),
})
export type RunnerDetailJson = z.infer<typeof runnerDetailSchema>

/** Entities::Ci::RunnerManager. */
export const runnerManagerSchema = z.strictObject({
  id: int(),
  system_id: z.string(),
  version: z.string().nullable(),
  revision: z.string().nullable(),
  platform: z.string().nullable(),
  architecture: z.string().nullable(),
  created_at: time(),
  contacted_at: time().nullable(),
  ip_address: z.string().nullable(),
  status: z.enum(['online', 'offline', 'never_contacted', 'stale']),
  job_execution_status: z.enum(['active', 'idle']),
})
export type RunnerManagerJson = z.infer<typeof runnerManagerSchema>

/** Entities::Ci::RunnerRegistrationDetails: what registering (or verifying) a runner answers. */
export const runnerRegistrationSchema = z.strictObject({
  id: int(),
  token: z.string(),
  token_expires_at: time().nullable(),
})
export type RunnerRegistrationJson = z.infer<typeof runnerRegistrationSchema>

/** Entities::Ci::ResetTokenResult. */
export const resetTokenSchema = z.strictObject({ token: z.string(), token_expires_at: time().nullable() })
export type ResetTokenJson = z.infer<typeof resetTokenSchema>
