// The owner's members page of a group or project (GitLab's group_members / project_members):
// access requests, invite form, direct members with role/expiry/remove, pending invitations. Reaching it needs the
// right to manage members (group Owner, project Maintainer): the invitations list is what the API
// grants exactly them, so its refusal sends everyone else to the not-found page.
import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { apiList } from '@/lib/console/api'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { intParam, one, type SearchParams } from '@/lib/console/paths'
import { ErrorState } from '../error-state'
import { Pager } from '@/components/ui/pager'
import { AccessRequestRow } from './access-request-row'
import { InvitationRow } from './invitation-row'
import { InviteForm } from './invite-form'
import { MemberManageRow } from './member-manage-row'

/** Members, invitations and access requests share their columns: who, role, a date, actions. */
function RoleTable({ testId, first, date = 'Expires', children }: { testId: string; first: string; date?: string; children: ReactNode }) {
  return (
    <table className="table" data-testid={testId}>
      <thead>
        <tr>
          <th>{first}</th>
          <th>Role</th>
          <th>{date}</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

export async function MembersManager({ source, searchParams: sp, pathname }: { source: SourceRef; searchParams: SearchParams; pathname: string }) {
  const [invitations, members, requests] = await Promise.all([
    apiList(endpoints.invitation[source.kind].list, { id: source.id, page: intParam(sp.invitations_page), per_page: 20 }),
    apiList(endpoints.member[source.kind].list, { id: source.id, page: intParam(sp.page), per_page: 20 }),
    apiList(endpoints.accessRequest[source.kind].list, { id: source.id, per_page: 100 }),
  ])
  if (!invitations.ok && [401, 403, 404].includes(invitations.status)) notFound()
  const query = { page: one(sp.page), invitations_page: one(sp.invitations_page) }
  return (
    <>
      {requests.ok && requests.items.length > 0 && (
        <section className="card" data-testid="access-requests-section">
          <h2>Access requests</h2>
          <RoleTable testId="access-requests-table" first="Requester" date="Requested">
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
        {!members.ok ? (
          <ErrorState status={members.status} body={members.error} title="Could not load members" />
        ) : (
          <>
            <RoleTable testId="members-table" first="Member">
              {members.items.map((m) => (
                <MemberManageRow key={m.id} source={source} member={m} />
              ))}
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
          <p className="muted" data-testid="invitations-empty">
            No pending invitations.
          </p>
        ) : (
          <>
            <RoleTable testId="invitations-table" first="Invited e-mail">
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
