// CI/CD → Pipelines (GitLab's /-/pipelines and /-/pipelines/:id): the list with Run pipeline, and
// one pipeline with its jobs by stage, its YAML errors and cancel.
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { ApiActionButton, RunPipelineForm } from '@/components/ci/pipeline-actions'
import { PipelinesTable } from '@/components/ci/pipelines-table'
import { Badge } from '@/components/ui/badge'
import { StatusBadge } from '@/components/ci/status-badge'
import { api, apiList } from '@/lib/console/api'
import { consolePath, intParam } from '@/lib/console/paths'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ItemOf } from '@/lib/console/endpoint-call'

/** A job as GET …/pipelines/:id/jobs declares it. */
export type JobRow = ItemOf<typeof endpoints.job.listForPipeline>

const ACTIVE = new Set(['created', 'pending', 'running', 'manual', 'preparing', 'waiting_for_resource', 'scheduled'])

export async function ProjectPipelines(props: ProjectSectionProps) {
  const id = props.rest?.[0]
  if (id !== undefined) {
    if (!/^\d+$/.test(id) || props.rest!.length > 1) notFound()
    return <PipelinePage {...props} pipelineId={Number(id)} />
  }
  const { project, searchParams: sp, pathname } = props
  const list = await apiList(endpoints.pipeline.list, { id: project.id, page: intParam(sp.page), per_page: 20 })
  return (
    <section className="card" data-testid="pipelines-section">
      <h2>Pipelines</h2>
      {project.abilities.create_pipeline && (
        <RunPipelineForm projectId={project.id} defaultRef={project.default_branch} pipelinesPath={pathname} />
      )}
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load pipelines" />
      ) : list.items.length === 0 ? (
        <p className="muted" data-testid="pipelines-empty">
          No pipelines yet. Add a <code>.gitlab-ci.yml</code> in the pipeline editor, then run one.
        </p>
      ) : (
        <PipelinesTable pipelines={list.items} pipelinesPath={pathname} />
      )}
      {list.ok && <Pager info={list.pageInfo} pathname={pathname} />}
    </section>
  )
}

async function PipelinePage({ project, pathname, pipelineId }: ProjectSectionProps & { pipelineId: number }) {
  const res = await api(endpoints.pipeline.show, { id: project.id, pipeline_id: pipelineId })
  if (res.status === 404) notFound()
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this pipeline" />
  const p = res.body
  const jobs = await apiList(endpoints.job.listForPipeline, { id: project.id, pipeline_id: pipelineId, per_page: 100 })
  const stages = new Map<string, JobRow[]>()
  for (const j of jobs.items) stages.set(j.stage, [...(stages.get(j.stage) ?? []), j])
  return (
    <section className="card" data-testid="pipeline-page">
      <p>
        <Link href={pathname}>← Pipelines</Link>
      </p>
      <h2>
        Pipeline #{p.id} <StatusBadge status={p.status} testId="pipeline-status" />
      </h2>
      <p className="muted">
        {p.source} pipeline on <strong>{p.ref}</strong> ({p.sha.slice(0, 8)}){p.user ? ` by @${p.user.username}` : ''},
        created <RelativeTime iso={p.created_at} />
        {p.duration != null ? `, ran ${p.duration} s` : ''}
      </p>
      {project.abilities.update_pipeline && ACTIVE.has(p.status) && (
        <ApiActionButton
          endpoint={endpoints.pipeline.cancel}
          params={{ id: project.id, pipeline_id: p.id }}
          label="Cancel pipeline"
          pendingLabel="Canceling…"
          done={`Pipeline #${p.id} canceled.`}
          testId="pipeline-cancel"
          danger
        />
      )}
      {p.yaml_errors && (
        <div className="alert alert-error" role="alert" data-testid="pipeline-yaml-errors">
          <strong>This pipeline could not run: its CI configuration is invalid.</strong>
          <div>{p.yaml_errors}</div>
        </div>
      )}
      <div className="stages" data-testid="pipeline-stages">
        {[...stages].map(([stage, list]) => (
          <div key={stage} className="stage" data-testid={`stage-${stage}`}>
            <h3>{stage}</h3>
            <ul>
              {list.map((j) => (
                <li key={j.id} data-testid="pipeline-job">
                  <StatusBadge status={j.status} />{' '}
                  <Link
                    href={consolePath('projects', project.path_with_namespace, `jobs/${j.id}`)}
                    data-testid={`job-link-${j.name}`}
                  >
                    {j.name}
                  </Link>
                  {j.allow_failure ? <Badge>allowed to fail</Badge> : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  )
}
