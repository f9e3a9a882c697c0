// GitLab's job entities (Entities::Ci::JobBasic, Job, JobBasicWithProject), presented from rows
// plus batched lookups (pipelines, commits, users, runners) so a page costs a fixed number of queries.
import type { Commit, Job, Pipeline, Runner, User } from '../db'
import { pipelineBasic } from '../pipelines/entity'
import { projectWebUrl } from '../projects/entity'
import { commitEntity } from '../repository/entity'
import { userPublic } from '../users/entity'
import { runnerEntity, type RunnerExtras } from '../runners/entity'
import type { JobBasicJson, JobJson, JobWithProjectJson } from './schema'
import { isoOrNull as iso, isoTime } from '../api/time'

const seconds = (from: Date | null, to: Date | null) => (from && to ? (to.getTime() - from.getTime()) / 1000 : null)

export interface JobLookups {
  pipelines: Map<number, Pipeline>
  commits: Map<string, Commit>
  users: Map<number, User>
  runners: Map<number, Runner>
  runnerExtras: RunnerExtras
  projects: Map<
    number,
    {
      id: number
      name: string
      path: string
      description: string
      createdAt: Date
      fullPath: string
      nameWithNamespace: string
    }
  >
}

export const tagListOf = (j: Pick<Job, 'tags'>): string[] => {
  try {
    return JSON.parse(j.tags) as string[]
  } catch {
    return []
  }
}

export const jobWebUrl = (projectPath: string, id: number) => `${projectWebUrl(projectPath)}/-/jobs/${id}`

export function jobBasic(j: Job, l: JobLookups): JobBasicJson {
  const pipeline = l.pipelines.get(j.pipelineId)!
  const project = l.projects.get(j.projectId)!
  const commit = l.commits.get(`${j.projectId}:${pipeline.sha}`)
  const user = j.userId ? l.users.get(j.userId) : undefined
  const running = j.status === 'running'
  return {
    id: j.id,
    status: j.status,
    stage: j.stage,
    name: j.name,
    ref: pipeline.ref,
    tag: pipeline.tag,
    coverage: j.coverage,
    allow_failure: j.allowFailure,
    created_at: isoTime(j.createdAt),
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
    erased_at: null,
    duration: seconds(j.startedAt, j.finishedAt ?? (running ? new Date() : null)),
    queued_duration: seconds(j.queuedAt ?? j.createdAt, j.startedAt ?? (j.status === 'pending' ? new Date() : null)),
    user: user ? userPublic(user) : null,
    commit: commit ? commitEntity(commit, project.fullPath) : null,
    pipeline: pipelineBasic(pipeline, project.fullPath),
    // Undefined: the key is left out of the JSON, as GitLab shows it only for failed jobs.
    failure_reason: j.status === 'failed' ? (j.failureReason ?? 'unknown_failure') : undefined,
    web_url: jobWebUrl(project.fullPath, j.id),
    project: { ci_job_token_scope_enabled: false },
  }
}

export function jobEntity(j: Job, l: JobLookups): JobJson {
  const runner = j.runnerId ? l.runners.get(j.runnerId) : undefined
  return Object.assign(jobBasic(j, l), {
    artifacts_file: null,
    artifacts: [],
    runner: runner ? runnerEntity(runner, l.runnerExtras) : null,
    runner_manager: null,
    artifacts_expire_at: null,
    archived: false,
    tag_list: tagListOf(j),
  })
}

export function jobWithProject(j: Job, l: JobLookups): JobWithProjectJson {
  const project = l.projects.get(j.projectId)!
  return Object.assign(jobBasic(j, l), {
    project: {
      id: project.id,
      description: project.description,
      name: project.name,
      name_with_namespace: project.nameWithNamespace,
      path: project.path,
      path_with_namespace: project.fullPath,
      created_at: isoTime(project.createdAt),
      ci_job_token_scope_enabled: false,
    },
  })
}
