// CI/CD → Jobs (GitLab's /-/jobs and /-/jobs/:id): the project's jobs, and one job with its log
// followed live while it runs, retry and cancel.
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { JobLog } from '@/components/ci/job-log'
import { ProjectJobsTable } from '@/components/ci/jobs-table'
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { api, apiList } from '@/lib/console/api'
import { consolePath, intParam } from '@/lib/console/paths'
import type { ProjectSectionProps } from './index'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const CANCELABLE = new Set([
  'created',
  'pending',
  'running',
  'manual',
  'preparing',
  'waiting_for_resource',
  'scheduled',
])
const RETRYABLE = new Set(['success', 'failed', 'canceled'])

export async function ProjectJobs(props: ProjectSectionProps) {
  const id = props.rest?.[0]
  if (id !== undefined) {
    if (!/^\d+$/.test(id) || props.rest!.length > 1) notFound()
    return <JobPage {...props} jobId={Number(id)} />
  }
  const { project, searchParams: sp, pathname } = props
  const list = await apiList(endpoints.job.list, { id: project.id, page: intParam(sp.page), per_page: 20 })
  return (
    <section className="card" data-testid="jobs-section">
      <h2>Jobs</h2>
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not load jobs" />
      ) : list.items.length === 0 ? (
        <p className="muted" data-testid="jobs-empty">
          No jobs yet.
        </p>
      ) : (
        <ProjectJobsTable jobs={list.items} projectPath={project.path_with_namespace} jobsPath={pathname} />
      )}
      {list.ok && <Pager info={list.pageInfo} pathname={pathname} />}
    </section>
  )
}

async function JobPage({ project, pathname, jobId }: ProjectSectionProps & { jobId: number }) {
  const res = await api(endpoints.job.show, { id: project.id, job_id: jobId })
  if (res.status === 404) notFound()
  if (!res.ok) return <ErrorState status={res.status} body={res.body} title="Could not load this job" />
  const j = res.body
  const trace = await api(endpoints.job.trace, { id: project.id, job_id: jobId })
  return (
    <section className="card" data-testid="job-page">
      <p>
        <Link href={consolePath('projects', project.path_with_namespace, `pipelines/${j.pipeline.id}`)}>
          ← Pipeline #{j.pipeline.id}
        </Link>{' '}
        · <Link href={pathname}>Jobs</Link>
      </p>
      <h2>
        Job #{j.id} {j.name}
      </h2>
      <div className="actions">
        {project.abilities.update_build && CANCELABLE.has(j.status) && (
          <ApiActionButton
            endpoint={endpoints.job.cancel}
            params={{ id: project.id, job_id: j.id }}
            label="Cancel"
            pendingLabel="Canceling…"
            done={`Job #${j.id} canceled.`}
            testId="job-cancel"
            danger
          />
        )}
        {project.abilities.update_build && RETRYABLE.has(j.status) && (
          <ApiActionButton
            endpoint={endpoints.job.retry}
            params={{ id: project.id, job_id: j.id }}
            label="Retry"
            pendingLabel="Retrying…"
            done={`Job #${j.id} retried.`}
            testId="job-retry"
          />
        )}
      </div>
      <DetailList
        items={[
          ['Stage', j.stage],
          ['Runner', j.runner ? `#${j.runner.id} ${j.runner.description}` : null],
          ['Tags', j.tag_list.join(', ')],
          ['Queued', j.queued_duration != null ? `${Math.round(j.queued_duration)} s` : null],
          ['Started', <RelativeTime key="s" iso={j.started_at} />],
          ['Finished', <RelativeTime key="f" iso={j.finished_at} />],
          ['Duration', j.duration != null ? `${Math.round(j.duration)} s` : null],
          ['Failure reason', j.failure_reason ?? null],
        ]}
      />
      <JobLog
        projectId={project.id}
        jobId={j.id}
        initial={trace.ok && typeof trace.body === 'string' ? trace.body : ''}
        initialStatus={j.status}
      />
    </section>
  )
}
