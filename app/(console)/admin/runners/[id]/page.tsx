// Admin → Runners → one runner: its settings, managers (one per machine/system_id) and jobs.
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { DetailList } from '@/components/detail-list'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { PauseButton } from '@/components/ci/runner-form'
import { StatusBadge } from '@/components/ci/status-badge'
import { api, apiList, requireAdmin } from '@/lib/console/api'
import { consolePath, intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Admin area · Runner' }

export default async function RunnerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const [{ id }, sp] = await Promise.all([params, searchParams])
  const path = `/admin/runners/${id}`
  await requireAdmin(pathWithQuery(path, sp))
  if (!/^\d+$/.test(id)) notFound()
  const runner = await api(endpoints.runner.show, { id })
  if (runner.status === 404) notFound()
  if (!runner.ok) return <ErrorState status={runner.status} body={runner.body} title="Could not load this runner" />
  const r = runner.body
  const [managers, jobs] = await Promise.all([api(endpoints.runner.managers, { id }), apiList(endpoints.runner.jobs, { id, page: intParam(sp.page), per_page: 20 })])
  return (
    <>
      <h1>
        Runner #{r.id} {r.description}
      </h1>
      <section className="card" data-testid="runner-detail">
        <div className="actions">
          <StatusBadge status={r.status} testId="runner-status" />
          <PauseButton id={r.id} paused={r.paused} />
        </div>
        <DetailList
          items={[
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
          <table className="table" data-testid="managers-table">
            <thead>
              <tr>
                <th>System ID</th>
                <th>Status</th>
                <th>Version</th>
                <th>Platform</th>
                <th>IP address</th>
                <th>Last contact</th>
              </tr>
            </thead>
            <tbody>
              {managers.body.map((m) => (
                <tr key={m.id}>
                  <td>
                    <code>{m.system_id}</code>
                  </td>
                  <td>
                    <StatusBadge status={m.status} /> {m.job_execution_status === 'active' ? <span className="badge">running a job</span> : null}
                  </td>
                  <td>{m.version ?? '—'}</td>
                  <td>{m.platform ? `${m.platform}/${m.architecture ?? '?'}` : '—'}</td>
                  <td>{m.ip_address ?? '—'}</td>
                  <td>
                    <RelativeTime iso={m.contacted_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
          <table className="table" data-testid="runner-jobs-table">
            <thead>
              <tr>
                <th>Status</th>
                <th>Job</th>
                <th>Project</th>
                <th>Pipeline</th>
                <th>Duration</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {jobs.items.map((j) => (
                <tr key={j.id}>
                  <td>
                    <StatusBadge status={j.status} />
                  </td>
                  <td>
                    <Link href={consolePath('projects', j.project.path_with_namespace, `jobs/${j.id}`)}>
                      #{j.id} {j.name}
                    </Link>
                  </td>
                  <td className="wrap">{j.project.path_with_namespace}</td>
                  <td>
                    <Link href={consolePath('projects', j.project.path_with_namespace, `pipelines/${j.pipeline.id}`)}>#{j.pipeline.id}</Link>
                  </td>
                  <td>{j.duration != null ? `${Math.round(j.duration)} s` : '—'}</td>
                  <td>
                    <RelativeTime iso={j.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {jobs.ok && <Pager info={jobs.pageInfo} pathname={path} />}
      </section>
    </>
  )
}
