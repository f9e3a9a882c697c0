// Enterprise users: accounts owned by a top-level group, either provisioned by it (an owner set
// them up) or claimed because their confirmed e-mail address is in a domain the group verified.
// The spec names no endpoint that sets this, so it is an internal service (see docs/domains.md, Access tokens).
import { badRequest, notFound } from '../api/errors'
import { namespaceRow } from '../groups/namespaces'
import { claimUsersOfEmailDomain, setEnterpriseGroupOf } from '../users/enterprise'

async function topLevelGroup(groupId: number) {
  const group = await namespaceRow(groupId)
  if (!group || group.kind !== 'group') throw notFound('Group')
  if (group.parentId !== null) throw badRequest('Must be a top-level group')
}

/** Marks one user as provisioned by (owned by) a top-level group, or releases them with null. */
export async function setEnterpriseGroup(userId: number, groupId: number | null): Promise<void> {
  if (groupId !== null) await topLevelGroup(groupId)
  if (!(await setEnterpriseGroupOf(userId, groupId))) throw notFound('User')
}

/**
 * A verified domain: every confirmed, not yet claimed user whose e-mail is in it becomes an
 * enterprise user of the group. Returns how many were claimed.
 */
export async function claimEnterpriseUsers(groupId: number, domain: string): Promise<number> {
  await topLevelGroup(groupId)
  return claimUsersOfEmailDomain(groupId, domain)
}
