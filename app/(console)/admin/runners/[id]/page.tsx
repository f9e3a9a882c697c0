// Admin → Runners → one runner: its settings, managers (one per machine/system_id) and jobs.
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
import { endpoints } from '@/lib/console/endpoint-refs'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }

export async function generateMetadata({ params }: Pick<Props, 'params'>) {
  return { title: `Admin area · Runner #${(await params).id}` }
}

export default async function RunnerPage({ params, searchParams }: Props) {
  const [{ id }, sp] = await Promise.all([params, searchParams])
  const path = `/admin/runners/${id}`
  await requireAdmin(pathWithQuery(path, sp))
  if (!/^\d+$/.test(id)) notFound()
  const runner = await api(endpoints.runner.show, { id })
  if (runner.status === 404) notFound()
  const crumbs = [{ label: 'Admin area', href: '/admin' }, { label: 'Runners', href: '/admin/runners' }, { label: `#${id}` }]
  if (!runner.ok)
    return (
      <>
        <PageHeader crumbs={crumbs} title={`Runner #${id}`} />
        <ErrorState status={runner.status} body={runner.body} title="Could not load this runner" />
      </>
    )
  const r = runner.body
  const [managers, jobs] = await Promise.all([api(endpoints.runner.managers, { id }), apiList(endpoints.runner.jobs, { id, page: intParam(sp.page), per_page: 20 })])
  return (
    <>
      <PageHeader crumbs={crumbs} title={r.description ? `Runner #${r.id} ${r.description}` : `Runner #${r.id}`} actions={<PauseButton id={r.id} paused={r.paused} />} />
      <section className="card" data-testid="runner-detail">
        <DetailList
          items={[
            ['Status', <StatusBadge key="s" status={r.status} testId="runner-status" />],
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
