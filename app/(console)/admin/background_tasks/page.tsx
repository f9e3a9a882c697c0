// Admin → Background tasks: the durable queue (exports, imports, cleanups) with status, progress,
// attempts and errors; pending and running tasks can be canceled.
import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/ui/page-header'
import { Pager } from '@/components/ui/pager'
import { Tabs } from '@/components/ui/tabs'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { TasksTable } from './tasks-table'

export const metadata = { title: 'Background tasks · Admin area' }
const PATH = '/admin/background_tasks'
const STATUSES = ['pending', 'running', 'succeeded', 'failed', 'canceled'] as const
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export default async function BackgroundTasksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const status = STATUSES.find((s) => s === one(sp.status))
  const list = await apiList(endpoints.queue.list, { status, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Background tasks' }]}
        title="Background tasks"
      />
      <p className="muted">
        Long work (exports, imports, cleanups) runs on a durable queue shared by every process: a task survives restarts
        and runs once.
      </p>
      <Tabs
        label="Status"
        items={[
          { href: PATH, label: 'All', testId: 'tasks-all', active: !status },
          ...STATUSES.map((s) => ({
            href: `${PATH}?status=${s}`,
            label: capitalized(s),
            testId: `tasks-${s}`,
            active: s === status,
          })),
        ]}
      />
      <section className="card">
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load background tasks" />
        ) : list.items.length === 0 ? (
          <p className="muted" data-testid="tasks-empty">
            {status ? `No ${status} tasks.` : 'No tasks.'}
          </p>
        ) : (
          <TasksTable tasks={list.items} />
        )}
        {list.ok && <Pager info={list.pageInfo} pathname={PATH} query={{ status }} />}
      </section>
    </>
  )
}
