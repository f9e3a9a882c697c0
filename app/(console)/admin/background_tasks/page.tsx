// Admin → Background tasks: the durable queue (exports, imports, cleanups) with status, progress,
// attempts and errors; pending and running tasks can be canceled.
import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { StatusBadge } from '@/components/ci/status-badge'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Admin area · Background tasks' }
const PATH = '/admin/background_tasks'
const STATUSES = ['pending', 'running', 'succeeded', 'failed', 'canceled'] as const

export default async function BackgroundTasksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const status = STATUSES.find((s) => s === one(sp.status))
  const list = await apiList(endpoints.queue.list, { status, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <h1>Background tasks</h1>
      <p className="muted">Long work (exports, imports, cleanups) runs on a durable queue shared by every process: a task survives restarts and runs once.</p>
      <nav className="sub-nav" aria-label="Status">
        <Link href={PATH} aria-current={!status ? 'page' : undefined}>
          All
        </Link>
        {STATUSES.map((s) => (
          <Link key={s} href={`${PATH}?status=${s}`} aria-current={s === status ? 'page' : undefined} data-testid={`tasks-${s}`}>
            {s.charAt(0).toUpperCase() + s.slice(1)}
          </Link>
        ))}
      </nav>
      <section className="card">
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load background tasks" />
        ) : list.items.length === 0 ? (
          <p className="muted" data-testid="tasks-empty">
            No {status ?? ''} tasks.
          </p>
        ) : (
          <table className="table" data-testid="tasks-table">
            <thead>
              <tr>
                <th>Status</th>
                <th>Task</th>
                <th>Progress</th>
                <th>Attempts</th>
                <th>Created</th>
                <th>Finished</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((t) => (
                <tr key={t.id} data-testid={`task-${t.id}`}>
                  <td>
                    <StatusBadge status={t.status} />
                  </td>
                  <td className="wrap">
                    #{t.id} <code>{t.kind}</code>
                    {t.last_error ? <div className="field-error">{t.last_error}</div> : null}
                  </td>
                  <td>{t.progress?.total ? `${t.progress.done ?? 0} / ${t.progress.total}` : (t.progress?.message ?? '—')}</td>
                  <td>
                    {t.attempts} / {t.max_attempts}
                  </td>
                  <td>
                    <RelativeTime iso={t.created_at} />
                  </td>
                  <td>
                    <RelativeTime iso={t.finished_at} />
                  </td>
                  <td>
                    {t.status === 'pending' || t.status === 'running' ? (
                      <ApiActionButton endpoint={endpoints.queue.cancel} params={{ id: t.id }} label="Cancel" testId={`cancel-task-${t.id}`} danger />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.ok && <Pager info={list.pageInfo} pathname={PATH} query={{ status }} />}
      </section>
    </>
  )
}
