import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/ui/page-header'
import { Pager } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const metadata = { title: 'Outbox · Admin area' }
const PATH = '/admin/outbox'

/** Plain text with its http(s) URLs clickable (invitation accept links). */
function Linked({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s]+)/).map((part, i) =>
    i % 2 ? (
      <a key={i} href={part} data-testid="outbox-link">
        {part}
      </a>
    ) : (
      part
    ),
  )
}

// Mail is written here instead of sent while SMTP_URL is unset. Bodies can hold invitation links:
// only administrators see this page (and the API behind it).
export default async function OutboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const list = await apiList(endpoints.memberApproval.outbox, { page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Outbox' }]} title="Outbox" />
      <p className="muted">
        No SMTP server is configured (<code>SMTP_URL</code>), so outgoing mail is kept in the data directory and shown
        here, newest first.
      </p>
      {!list.ok ? (
        <ErrorState status={list.status} body={list.error} title="Could not read the outbox" />
      ) : list.items.length === 0 ? (
        <p className="muted card" data-testid="outbox-empty">
          The outbox is empty.
        </p>
      ) : (
        list.items.map((m) => (
          <article className="card" key={m.id} data-testid="outbox-mail">
            <h2>{m.subject}</h2>
            <p className="small muted">
              To <span data-testid="outbox-to">{m.to}</span> · from {m.from} · <RelativeTime iso={m.created_at} />
            </p>
            <pre className="mail-body pre-wrap">
              <Linked text={m.text} />
            </pre>
          </article>
        ))
      )}
      {list.ok && <Pager info={list.pageInfo} pathname={PATH} />}
    </>
  )
}
