import { ErrorState } from '@/components/error-state'
import { BroadcastForm } from '@/components/broadcast/broadcast-form'
import { BroadcastTable } from '@/components/broadcast/broadcast-table'
import { PageHeader } from '@/components/ui/page-header'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Admin area · Broadcast messages' }
const PATH = '/admin/broadcast_messages'

export default async function AdminBroadcastMessagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const list = await apiList(endpoints.broadcastMessage.list, { page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Broadcast messages' }]} title="Broadcast messages" />
      <p className="muted">
        Banners show at the top of every page, notifications in the corner, to the users and on the paths they target. Anyone can read them through the API, so keep them free of
        confidential content.
      </p>
      <section className="card">
        <h2>Add a broadcast message</h2>
        <BroadcastForm />
      </section>
      <section className="card">
        <h2>Messages</h2>
        {list.ok ? (
          <BroadcastTable now={new Date().toISOString()} data={list.items} emptyMessage="No broadcast messages yet." pager={{ info: list.pageInfo, pathname: PATH, query: {} }} />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load broadcast messages" />
        )}
      </section>
    </>
  )
}
