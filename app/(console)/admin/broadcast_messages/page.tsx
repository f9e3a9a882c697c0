import { ErrorState } from '@/components/error-state'
import { BroadcastForm } from '@/components/broadcast/broadcast-form'
import { BroadcastTable } from '@/components/broadcast/broadcast-table'
import { buttonClass } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Broadcast messages · Admin area' }
const PATH = '/admin/broadcast_messages'

export default async function AdminBroadcastMessagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const list = await apiList(endpoints.broadcastMessage.list, { page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Broadcast messages' }]}
        title="Broadcast messages"
        actions={
          // The list comes first; the form waits below it.
          <a className={buttonClass('primary')} href="#new-broadcast" data-testid="new-broadcast-link">
            Add broadcast message
          </a>
        }
      />
      <p className="muted">
        Banners show at the top of every page, notifications in the corner, to the users and on the paths they target.
        Anyone can read them through the API, so keep them free of confidential content.
      </p>
      <section className="card" data-testid="broadcast-list-card">
        <h2>Messages</h2>
        {list.ok ? (
          <BroadcastTable
            now={new Date().toISOString()}
            data={list.items}
            emptyMessage="No broadcast messages yet."
            pager={{ info: list.pageInfo, pathname: PATH, query: {} }}
          />
        ) : (
          <ErrorState status={list.status} body={list.error} title="Could not load broadcast messages" />
        )}
      </section>
      <section
        className="card"
        id="new-broadcast"
        aria-labelledby="new-broadcast-heading"
        data-testid="new-broadcast-card"
      >
        <h2 id="new-broadcast-heading">Add a broadcast message</h2>
        <BroadcastForm />
      </section>
    </>
  )
}
