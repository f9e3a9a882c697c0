// GitLab's pipeline entities: PipelineBasic in lists, Pipeline (with user, times, duration and
// detailed_status) for one.
import type { Pipeline, User } from '../db'
import type { PipelineBasicJson, PipelineJson } from './schema'
import { projectWebUrl } from '../projects/entity'
import { userBasic } from '../users/entity'
import { isoOrNull as iso } from '../api/time'

export const pipelineWebUrl = (projectPath: string, id: number) => `${projectWebUrl(projectPath)}/-/pipelines/${id}`

export function pipelineBasic(p: Pipeline, projectPath: string): PipelineBasicJson {
  return {
    id: p.id,
    iid: p.iid,
    project_id: p.projectId,
    sha: p.sha,
    ref: p.ref,
    status: p.status,
    source: p.source,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    web_url: pipelineWebUrl(projectPath, p.id),
  }
}

const LABELS: Record<string, string> = {
  success: 'passed',
  failed: 'failed',
  canceled: 'canceled',
  pending: 'pending',
  running: 'running',
  created: 'created',
  skipped: 'skipped',
  manual: 'manual',
  scheduled: 'scheduled',
}

export function pipelineDetail(p: Pipeline, projectPath: string, user: User | null): PipelineJson {
  const duration =
    p.startedAt && p.finishedAt ? Math.round((p.finishedAt.getTime() - p.startedAt.getTime()) / 1000) : null
  return Object.assign(pipelineBasic(p, projectPath), {
    before_sha: '0000000000000000000000000000000000000000',
    tag: p.tag,
    yaml_errors: p.yamlErrors,
    user: user ? userBasic(user) : null,
    started_at: iso(p.startedAt),
    finished_at: iso(p.finishedAt),
    committed_at: null,
    duration,
    queued_duration: p.startedAt ? Math.round((p.startedAt.getTime() - p.createdAt.getTime()) / 1000) : null,
    coverage: null,
    detailed_status: {
      icon: `status_${p.status}`,
      text: LABELS[p.status] ?? p.status,
      label: LABELS[p.status] ?? p.status,
      group: p.status,
      tooltip: LABELS[p.status] ?? p.status,
      has_details: true,
      details_path: new URL(pipelineWebUrl(projectPath, p.id)).pathname,
      illustration: null,
      favicon: `/assets/ci_favicons/favicon_status_${p.status}.png`,
    },
  })
}
