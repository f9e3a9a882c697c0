// Admin → Runners → one runner: its settings, managers (one per machine/system_id) and jobs.
import { cache } from 'react'
import { notFound } from 'next/navigation'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { RunnerJobsTable } from '@/components/ci/jobs-table'
import { RunnerManagersTable } from '@/components/ci/runner-managers-table'
import { PauseButton } from '@/components/ci/runner-form'
import { StatusBadge } from '@/components/ci/status-badge'
import { PageHeader } from '@/components/ui/page-header'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { api, apiList, requireAdmin } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { currentActor } from '@/lib/console/session'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }

// One API call per request for the title and the page (React's cache).
const loadRunner = cache((id: string) => api(endpoints.runner.show, { id }))
const runnerName = (r: { id: number; description: string | null }) =>
  r.description ? `Runner #${r.id} ${r.description}` : `Runner #${r.id}`

/** "Runner #4 build box · Runners · Admin area"; the description only for an administrator. */
export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  const { id } = await params
  const found = /^\d{1,9}$/.test(id) && (await currentActor())?.user.admin ? await loadRunner(id) : null
  return { title: `${found?.ok ? runnerName(found.body) : `Runner #${id}`} · Runners · Admin area` }
}

export default async function RunnerPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams])
  const path = `/admin/runners/${id}`
  await requireAdmin(pathWithQuery(path, sp))
  if (!/^\d+$/.test(id)) notFound()
  const runner = await loadRunner(id)
  if (runner.status === 404) notFound()
  const crumbs = [
    { label: 'Admin area', href: '/admin' },
    { label: 'Runners', href: '/admin/runners' },
    { label: runner.ok ? runnerName(runner.body) : `#${id}` },
  ]
  if (!runner.ok)
    return (
      <>
        <PageHeader crumbs={crumbs} title={`Runner #${id}`} />
        <ErrorState status={runner.status} body={runner.body} title="Could not load this runner" />
      </>
    )
  const r = runner.body
  const [managers, jobs] = await Promise.all([
    api(endpoints.runner.managers, { id }),
    apiList(endpoints.runner.jobs, { id, page: intParam(sp.page), per_page: 20 }),
  ])
  return (
    <>
      <PageHeader crumbs={crumbs} title={runnerName(r)} actions={<PauseButton id={r.id} paused={r.paused} />} />
      <section className="card" data-testid="runner-detail">
        <DetailList
          items={[
            [
              'Status',
              // Paused as the list shows it: beside the contact status, so Pause/Resume visibly changes it.
              <span key="s" className="actions">
                <StatusBadge status={r.status} testId="runner-status" />
                {r.paused && r.status !== 'paused' ? (
                  <StatusBadge status="paused" testId="runner-paused-badge" />
                ) : null}
              </span>,
            ],
            ['Type', r.runner_type],
            ['Tags', r.tag_list.join(', ')],
            ['Runs untagged jobs', r.run_untagged ? 'Yes' : 'No'],
            ['Locked to its projects', r.locked ? 'Yes' : 'No'],
            ['Protected branches only', r.access_level === 'ref_protected' ? 'Yes' : 'No'],
            ['Maximum job timeout', r.maximum_timeout ? `${r.maximum_timeout} s` : null],
            ['Version', r.version],
            ['Platform', r.platform ? `${r.platform}/${r.architecture ?? '?'}` : null],
            ['Last contact', <RelativeTime key="c" iso={r.contacted_at} />],
            ['Created', <RelativeTime key="d" iso={r.created_at} mode="exact" />],
            ['Projects', r.projects.map((p) => p.path_with_namespace).join(', ')],
            ['Group', r.groups.map((g) => g.name).join(', ')],
            ['Maintenance note', r.maintenance_note],
          ]}
        />
      </section>
      <section className="card">
        <h2>Managers</h2>
        {!managers.ok || managers.body.length === 0 ? (
          <p className="muted" data-testid="managers-empty">
            No runner manager has contacted the server yet.
          </p>
        ) : (
          <RunnerManagersTable managers={managers.body} />
        )}
      </section>
      <section className="card">
        <h2>Jobs</h2>
        {!jobs.ok ? (
          <ErrorState status={jobs.status} body={jobs.error} title="Could not load jobs" />
        ) : jobs.items.length === 0 ? (
          <p className="muted" data-testid="runner-jobs-empty">
            This runner has not run any job yet.
          </p>
        ) : (
          <RunnerJobsTable jobs={jobs.items} />
        )}
        {jobs.ok && <Pager info={jobs.pageInfo} pathname={path} />}
      </section>
    </>
  )
}
