// The owner's members page of a group or project (GitLab's group_members / project_members):
// access requests, invite form, members (direct ones with role/expiry/remove; inherited ones
// read-only with the group they come from; Direct / Inherited / All as GitLab's
// `with_inherited_permissions`), pending invitations. Reaching it needs the right to manage members
// (group Owner, project Maintainer): the invitations list is what the API grants exactly them, so
// its refusal sends everyone else to the not-found page.
import { notFound } from 'next/navigation'
import { EmptyState, Pager, Tabs } from '@/components/ui'
import { apiList } from '@/lib/console/api'
import { membersWithSource, type MembershipFilter } from '@/lib/console/members'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { intParam, one, type SearchParams } from '@/lib/console/paths'
import { ErrorState } from '../error-state'
import { pagerHref } from '@/components/ui/pager'
import { AccessRequestRow } from './access-request-row'
import { InvitationRow } from './invitation-row'
import { InheritedMemberRow } from './inherited-member-row'
import { InviteForm } from './invite-form'
import { MemberManageRow } from './member-manage-row'
import { RoleTable } from './role-table'

/** GitLab's `with_inherited_permissions`: `exclude` lists direct members, `only` inherited ones, none both. */
const FILTERS: { param?: 'exclude' | 'only'; filter: MembershipFilter; label: string }[] = [
  { param: 'exclude', filter: 'direct', label: 'Direct' },
  { param: 'only', filter: 'inherited', label: 'Inherited' },
  { filter: 'all', label: 'All' },
]

export async function MembersManager({
  source,
  searchParams: sp,
  pathname,
}: {
  source: SourceRef
  searchParams: SearchParams
  pathname: string
}) {
  const inherited = one(sp.with_inherited_permissions)
  const current = FILTERS.find((f) => f.param === inherited) ?? FILTERS[2]!
  const [invitations, members, requests] = await Promise.all([
    apiList(endpoints.invitation[source.kind].list, {
      id: source.id,
      page: intParam(sp.invitations_page),
      per_page: 20,
    }),
    membersWithSource(source, current.filter, { page: intParam(sp.page), per_page: 20 }),
    apiList(endpoints.accessRequest[source.kind].list, { id: source.id, per_page: 100 }),
  ])
  if (!invitations.ok && [401, 403, 404].includes(invitations.status)) notFound()
  const query = {
    page: one(sp.page),
    invitations_page: one(sp.invitations_page),
    with_inherited_permissions: current.param,
  }
  return (
    <>
      {requests.ok && requests.items.length > 0 && (
        <section className="card" data-testid="access-requests-section">
          <h2>Access requests</h2>
          <RoleTable
            testId="access-requests-table"
            label="Access requests"
            headers={['Requester', 'Role', 'Requested', 'Actions']}
          >
            {requests.items.map((r) => (
              <AccessRequestRow key={r.id} source={source} request={r} />
            ))}
          </RoleTable>
        </section>
      )}
      <section className="card" data-testid="invite-section">
        <InviteForm source={source} />
      </section>
      <section className="card" data-testid="members-section">
        <h2>Members</h2>
        <Tabs
          label="Membership"
          items={FILTERS.map((f) => ({
            href: pagerHref(
              { pathname, query: { invitations_page: query.invitations_page, with_inherited_permissions: f.param } },
              1,
            ),
            label: f.label,
            active: f === current,
            testId: `membership-filter-${f.filter}`,
          }))}
        />
        {!members.ok ? (
          <ErrorState status={members.status} body={members.error} title="Could not load members" />
        ) : members.items.length === 0 ? (
          <EmptyState
            title={current.filter === 'inherited' ? 'No members inherited from parent groups.' : 'No members.'}
            testId="members-empty"
          />
        ) : (
          <>
            <RoleTable
              testId="members-table"
              label="Members"
              headers={['Member', 'Source', 'Role', 'Expires', 'Actions']}
            >
              {members.items.map((row) =>
                row.direct ? (
                  <MemberManageRow key={row.member.id} source={source} member={row.member} />
                ) : (
                  <InheritedMemberRow key={row.member.id} row={row} />
                ),
              )}
            </RoleTable>
            <Pager info={members.pageInfo} pathname={pathname} query={query} />
          </>
        )}
      </section>
      <section className="card" data-testid="invitations-section">
        <h2>Pending invitations</h2>
        {!invitations.ok ? (
          <ErrorState status={invitations.status} body={invitations.error} title="Could not load invitations" />
        ) : invitations.items.length === 0 ? (
          <EmptyState title="No pending invitations." testId="invitations-empty" />
        ) : (
          <>
            <RoleTable
              testId="invitations-table"
              label="Pending invitations"
              headers={['Invited e-mail', 'Role', 'Expires', 'Actions']}
            >
              {invitations.items.map((inv) => (
                <InvitationRow key={inv.id} source={source} invitation={inv} />
              ))}
            </RoleTable>
            <Pager info={invitations.pageInfo} pathname={pathname} query={query} pageParam="invitations_page" />
          </>
        )}
      </section>
    </>
  )
}
