// Enterprise users: accounts owned by a top-level group, either provisioned by it (an owner set
// them up) or claimed because their confirmed e-mail address is in a domain the group verified.
// The spec names no endpoint that sets this, so it is an internal service (see docs/architecture.md).
import { badRequest, notFound } from '../api/errors'
import { getDb, type Prisma } from '../db'
import { forgetUser } from '../auth/token-cache'
import { namespaceRow } from '../groups/namespaces'

/** The users whose credentials a top-level group's owners manage. */
export const enterpriseUsersOf = (groupId: number): Prisma.UserWhereInput => ({ enterpriseGroupId: groupId, bot: false })

async function topLevelGroup(groupId: number) {
  const group = await namespaceRow(groupId)
  if (!group || group.kind !== 'group') throw notFound('Group')
  if (group.parentId !== null) throw badRequest('Must be a top-level group')
}

/** Marks one user as provisioned by (owned by) a top-level group, or releases them with null. */
export async function setEnterpriseGroup(userId: number, groupId: number | null): Promise<void> {
  if (groupId !== null) await topLevelGroup(groupId)
  const db = await getDb()
  const done = await db.user.updateMany({ where: { id: userId, bot: false }, data: { enterpriseGroupId: groupId } })
  if (!done.count) throw notFound('User')
  forgetUser(userId)
}

/**
 * A verified domain: every confirmed, not yet claimed user whose e-mail is in it becomes an
 * enterprise user of the group. Returns how many were claimed.
 */
export async function claimEnterpriseUsers(groupId: number, domain: string): Promise<number> {
  await topLevelGroup(groupId)
  const db = await getDb()
  const done = await db.user.updateMany({
    where: { bot: false, enterpriseGroupId: null, confirmedAt: { not: null }, emailLower: { endsWith: `@${domain.toLowerCase()}` } },
    data: { enterpriseGroupId: groupId },
  })
  return done.count
}
