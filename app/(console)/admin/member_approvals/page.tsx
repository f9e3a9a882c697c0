import Link from 'next/link'
import { ErrorState } from '@/components/error-state'
import { formatDateTime } from '@/components/format'
import { Pager } from '@/components/ui/pager'
import { levelName } from '@/lib/auth/access-levels'
import { apiList, requireAdmin } from '@/lib/console/api'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { ReviewButtons } from './review-buttons'
import { endpoints } from '@/lib/console/endpoint-refs'

export const metadata = { title: 'Admin area · Member approvals' }
const PATH = '/admin/member_approvals'
const STATUSES = ['pending', 'approved', 'denied'] as const

export default async function MemberApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const status = STATUSES.find((s) => s === one(sp.status)) ?? 'pending'
  const list = await apiList(endpoints.memberApproval.list, { status, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <h1>Member approvals</h1>
      <p className="muted">
        With <code>enable_member_promotion_management</code> on, giving a user without any role above Guest a higher role waits here for an administrator. Approving grants the
        membership.
      </p>
      <nav className="sub-nav" aria-label="Status">
        {STATUSES.map((s) => (
          <Link key={s} href={`${PATH}?status=${s}`} aria-current={s === status ? 'page' : undefined} data-testid={`approvals-${s}`}>
            {s.charAt(0).toUpperCase() + s.slice(1)}
          </Link>
        ))}
      </nav>
      <section className="card">
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load member approvals" />
        ) : list.items.length === 0 ? (
          <p className="muted" data-testid="approvals-empty">
            No {status} requests.
          </p>
        ) : (
          <table className="table" data-testid="approvals-table">
            <thead>
              <tr>
                <th>User</th>
                <th>Source</th>
                <th>Role</th>
                <th>Requested by</th>
                <th>Requested</th>
                {status === 'pending' ? <th>Review</th> : <th>Reviewed by</th>}
              </tr>
            </thead>
            <tbody>
              {list.items.map((a) => (
                <tr key={a.id} data-testid={`approval-${a.id}`}>
                  <td>{a.user ? `${a.user.name} (@${a.user.username})` : '—'}</td>
                  <td>
                    {a.source_type} {a.source_full_path ?? a.source_id}
                  </td>
                  <td>
                    {levelName(a.access_level)}
                    {a.expires_at ? ` until ${a.expires_at}` : ''}
                  </td>
                  <td>{a.requested_by?.username ?? '—'}</td>
                  <td>{formatDateTime(a.created_at)}</td>
                  <td>{status === 'pending' ? <ReviewButtons id={a.id} /> : (a.reviewed_by?.username ?? '—')}</td>
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
