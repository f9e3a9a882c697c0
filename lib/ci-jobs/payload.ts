// The job as POST /jobs/request hands it to a runner (GitLab's Entities::Ci::JobRequest::Response):
// job_info, git_info, runner_info, variables (GitLab's predefined CI_* set, then the
// configuration's, the project's and groups', and the pipeline's own, later ones winning) and the
// steps to run. This server hosts no git data, so the job asks for GIT_STRATEGY=none unless the
// configuration chose a strategy itself.
import { config } from '../config'
import type { Job, Pipeline, Runner } from '../db'
import { pipelineFacts, pipelineVariables } from '../ci-config/predefined'
import { variablesForPipeline } from '../ci-variables/service'
import { parseJobSpec } from '../pipelines/job-spec'
import type { ProjectWithNamespace } from '../projects/entity'
import { tagsOf } from '../runners/entity'
import { jobWebUrl } from './entity'
import type { JobPayloadJson, PayloadVariable } from './schema'

export type { PayloadVariable } from './schema'

export function jobTimeout(
  spec: { timeout: number | null },
  project: { buildTimeout: number },
  runner: Pick<Runner, 'maximumTimeout'>,
): number {
  const wanted = spec.timeout ?? project.buildTimeout
  return runner.maximumTimeout ? Math.min(wanted, runner.maximumTimeout) : wanted
}

export async function jobPayload(
  job: Job,
  token: string,
  pipeline: Pipeline,
  project: ProjectWithNamespace,
  runner: Runner,
): Promise<JobPayloadJson> {
  const spec = parseJobSpec(job.options)
  const { externalUrl } = config()
  const timeout = jobTimeout(spec, project, runner)
  const vars = new Map<string, PayloadVariable>()
  const put = (key: string, value: string, extra: Partial<PayloadVariable> = {}) =>
    vars.set(key, { key, value, public: true, masked: false, ...extra })

  for (const [k, v] of Object.entries(pipelineVariables(project, pipelineFacts(pipeline, job.protected)))) put(k, v)
  put('CI_JOB_ID', String(job.id))
  put('CI_JOB_NAME', job.name)
  put(
    'CI_JOB_NAME_SLUG',
    job.name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '-')
      .slice(0, 63),
  )
  put('CI_JOB_STAGE', job.stage)
  put('CI_JOB_URL', jobWebUrl(project.fullPath, job.id))
  put('CI_JOB_STARTED_AT', (job.startedAt ?? new Date()).toISOString())
  put('CI_JOB_TIMEOUT', String(timeout))
  put('CI_JOB_TOKEN', token, { public: false, masked: true })
  put('CI_BUILD_TOKEN', token, { public: false, masked: true })
  put('CI_REGISTRY_USER', 'gitlab-ci-token')
  put('CI_REGISTRY_PASSWORD', token, { public: false, masked: true })
  // GitLab's container_registry_variables: only with a registry, and not for a disabled one.
  const { registryHost } = config()
  if (registryHost && project.containerRegistryAccessLevel !== 'disabled') {
    put('CI_REGISTRY', registryHost)
    put('CI_REGISTRY_IMAGE', `${registryHost}/${project.fullPath.toLowerCase()}`)
  }
  put('CI_RUNNER_ID', String(runner.id))
  put('CI_RUNNER_DESCRIPTION', runner.description)
  put('CI_RUNNER_TAGS', JSON.stringify(tagsOf(runner)))
  put('CI_REPOSITORY_URL', repoUrl(externalUrl, project.fullPath, token), { public: false })
  put('GIT_STRATEGY', 'none')
  for (const v of spec.variables) put(v.key, v.value)
  for (const v of await variablesForPipeline(project, job.protected))
    put(v.key, v.value, { public: false, masked: v.masked, ...(v.variableType === 'file' ? { file: true } : {}) })
  for (const v of parsePipelineVariables(pipeline.variables))
    put(v.key, v.value, { public: false, ...(v.variable_type === 'file' ? { file: true } : {}) })

  const steps = [
    {
      name: 'script',
      script: [...spec.before_script, ...spec.script],
      timeout,
      when: 'on_success',
      allow_failure: false,
    },
  ]
  if (spec.after_script.length)
    steps.push({ name: 'after_script', script: spec.after_script, timeout, when: 'always', allow_failure: true })
  const queued = job.queuedAt ?? job.createdAt
  return {
    id: job.id,
    token,
    allow_git_fetch: true,
    job_info: {
      id: job.id,
      name: job.name,
      stage: job.stage,
      project_id: project.id,
      project_name: project.name,
      time_in_queue_seconds: Math.max(
        0,
        Math.round(((job.startedAt ?? new Date()).getTime() - queued.getTime()) / 1000),
      ),
    },
    git_info: {
      repo_url: repoUrl(externalUrl, project.fullPath, token),
      ref: pipeline.ref,
      sha: pipeline.sha,
      before_sha: '0000000000000000000000000000000000000000',
      ref_type: pipeline.tag ? 'tag' : 'branch',
      refspecs: [
        pipeline.tag
          ? `+refs/tags/${pipeline.ref}:refs/tags/${pipeline.ref}`
          : `+refs/heads/${pipeline.ref}:refs/remotes/origin/${pipeline.ref}`,
      ],
      depth: 20,
      repo_object_format: 'sha1',
    },
    runner_info: { timeout, runner_session_url: null },
    variables: [...vars.values()],
    steps,
    image: spec.image ? { name: spec.image, entrypoint: null, ports: [], pull_policy: null } : null,
    services: [],
    artifacts: [],
    cache: [],
    credentials: [],
    dependencies: [],
    features: { trace_sections: true, failure_reasons: [...FAILURE_REASONS] },
    hooks: [],
  }
}

function repoUrl(externalUrl: string, fullPath: string, token: string): string {
  const url = new URL(`${externalUrl}/${fullPath}.git`)
  url.username = 'gitlab-ci-token'
  url.password = token
  return url.toString()
}

function parsePipelineVariables(json: string): { key: string; value: string; variable_type?: string }[] {
  try {
    return JSON.parse(json) as { key: string; value: string; variable_type?: string }[]
  } catch {
    return []
  }
}

/** GitLab's job failure reasons a runner may report (Ci::Build.failure_reasons, the runner's subset). */
export const FAILURE_REASONS = [
  'unknown_failure',
  'script_failure',
  'api_failure',
  'stuck_or_timeout_failure',
  'runner_system_failure',
  'missing_dependency_failure',
  'runner_unsupported',
  'stale_schedule',
  'job_execution_timeout',
  'archived_failure',
  'unmet_prerequisites',
  'scheduler_failure',
  'data_integrity_failure',
  'forward_deployment_failure',
  'user_blocked',
  'project_deleted',
  'insufficient_bridge_permissions',
  'downstream_bridge_project_not_found',
  'invalid_bridge_trigger',
  'upstream_bridge_project_not_found',
  'bridge_pipeline_is_child_pipeline',
  'downstream_pipeline_creation_failed',
  'secrets_provider_not_found',
  'reached_max_descendant_pipelines_depth',
  'ip_restriction_failure',
  'reached_max_pipeline_hierarchy_size',
  'reached_downstream_pipeline_trigger_rate_limit',
  'job_token_expired',
  'image_pull_failure',
] as const
