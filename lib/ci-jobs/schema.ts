import { z } from 'zod'
import { commitSchema } from '../repository/schema'
import { int, time } from '../api/json-types'
import { pipelineBasicSchema } from '../pipelines/schema'
import { runnerManagerSchema, runnerSchema } from '../runners/schema'
import { userPublicSchema } from '../users/schema'

/** The job's commit as Entities::Commit. */
export const jobCommitSchema = commitSchema

/** Entities::Ci::JobBasic; failure_reason only on failed jobs. Durations are seconds as floats. */
export const jobBasicSchema = z.strictObject({
  id: int(),
  status: z.string(),
  stage: z.string(),
  name: z.string(),
  ref: z.string(),
  tag: z.boolean(),
  coverage: z.number().nullable(),
  allow_failure: z.boolean(),
  created_at: time(),
  started_at: time().nullable(),
  finished_at: time().nullable(),
  erased_at: time().nullable(),
  duration: z.number().nullable(),
  queued_duration: z.number().nullable(),
  user: userPublicSchema.nullable(),
  commit: jobCommitSchema.nullable(),
  pipeline: pipelineBasicSchema,
  failure_reason: z.string().optional(),
  web_url: z.string(),
  project: z.strictObject({ ci_job_token_scope_enabled: z.boolean() }),
})
export type JobBasicJson = z.infer<typeof jobBasicSchema>

/** Entities::Ci::Job. */
export const jobSchema = jobBasicSchema.extend({
  artifacts_file: z.strictObject({ filename: z.string(), size: int() }).nullable(),
  artifacts: z.array(
    z.strictObject({ file_type: z.string(), size: int(), filename: z.string(), file_format: z.string().nullable() }),
  ),
  runner: runnerSchema.nullable(),
  runner_manager: runnerManagerSchema.nullable(),
  artifacts_expire_at: time().nullable(),
  archived: z.boolean(),
  tag_list: z.array(z.string()),
})
export type JobJson = z.infer<typeof jobSchema>

/** Entities::Ci::JobBasicWithProject (GET /runners/:id/jobs). */
export const jobWithProjectSchema = jobBasicSchema.extend({
  project: z.strictObject({
    id: int(),
    description: z.string(),
    name: z.string(),
    name_with_namespace: z.string(),
    path: z.string(),
    path_with_namespace: z.string(),
    created_at: time(),
    ci_job_token_scope_enabled: z.boolean(),
  }),
})
export type JobWithProjectJson = z.infer<typeof jobWithProjectSchema>

const payloadVariable = z.strictObject({
  key: z.string(),
  value: z.string(),
  public: z.boolean(),
  masked: z.boolean(),
  file: z.boolean().optional(),
  raw: z.boolean().optional(),
})
export type PayloadVariable = z.infer<typeof payloadVariable>

/** Entities::Ci::JobRequest::Response: the job as POST /jobs/request hands it to a runner. */
export const jobPayloadSchema = z.strictObject({
  id: int(),
  token: z.string(),
  allow_git_fetch: z.boolean(),
  job_info: z.strictObject({
    id: int(),
    name: z.string(),
    stage: z.string(),
    project_id: int(),
    project_name: z.string(),
    time_in_queue_seconds: int(),
  }),
  git_info: z.strictObject({
    repo_url: z.string(),
    ref: z.string(),
    sha: z.string(),
    before_sha: z.string(),
    ref_type: z.enum(['branch', 'tag']),
    refspecs: z.array(z.string()),
    depth: int(),
    repo_object_format: z.string(),
  }),
  runner_info: z.strictObject({ timeout: int(), runner_session_url: z.string().nullable() }),
  variables: z.array(payloadVariable),
  steps: z.array(
    z.strictObject({
      name: z.string(),
      script: z.array(z.string()),
      timeout: int(),
      when: z.string(),
      allow_failure: z.boolean(),
    }),
  ),
  image: z
    .strictObject({
      name: z.string(),
      entrypoint: z.array(z.string()).nullable(),
      ports: z.array(z.unknown()),
      pull_policy: z.array(z.string()).nullable(),
    })
    .nullable(),
  services: z.array(z.unknown()),
  artifacts: z.array(z.unknown()),
  cache: z.array(z.unknown()),
  credentials: z.array(z.unknown()),
  dependencies: z.array(z.unknown()),
  features: z.strictObject({ trace_sections: z.boolean(), failure_reasons: z.array(z.string()) }),
  hooks: z.array(z.unknown()),
})
export type JobPayloadJson = z.infer<typeof jobPayloadSchema>
