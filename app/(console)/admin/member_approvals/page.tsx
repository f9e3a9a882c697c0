import { ErrorState } from '@/components/error-state'
import { PageHeader } from '@/components/ui/page-header'
import { Pager } from '@/components/ui/pager'
import { Tabs } from '@/components/ui/tabs'
import { apiList, requireAdmin } from '@/lib/console/api'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { intParam, one, pathWithQuery, type SearchParams } from '@/lib/console/paths'
import { ApprovalsTable } from './approvals-table'

export const metadata = { title: 'Member approvals · Admin area' }
const PATH = '/admin/member_approvals'
const STATUSES = ['pending', 'approved', 'denied'] as const

export default async function MemberApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams
  await requireAdmin(pathWithQuery(PATH, sp))
  const status = STATUSES.find((s) => s === one(sp.status)) ?? 'pending'
  const list = await apiList(endpoints.memberApproval.list, { status, page: intParam(sp.page), per_page: 20 })
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Admin area', href: '/admin' }, { label: 'Member approvals' }]}
        title="Member approvals"
      />
      <p className="muted">
        With <code>enable_member_promotion_management</code> on, giving a user without any role above Guest a higher
        role waits here for an administrator. Approving grants the membership.
      </p>
      <Tabs
        label="Status"
        items={STATUSES.map((s) => ({
          href: `${PATH}?status=${s}`,
          label: s.charAt(0).toUpperCase() + s.slice(1),
          testId: `approvals-${s}`,
          active: s === status,
        }))}
      />
      <section className="card">
        {!list.ok ? (
          <ErrorState status={list.status} body={list.error} title="Could not load member approvals" />
        ) : list.items.length === 0 ? (
          <p className="muted" data-testid="approvals-empty">
            No {status} requests.
          </p>
        ) : (
          <ApprovalsTable approvals={list.items} pending={status === 'pending'} />
        )}
        {list.ok && <Pager info={list.pageInfo} pathname={PATH} query={{ status }} />}
      </section>
    </>
  )
}
