// A user's external identities (GitLab's Identity model: one per provider, or per top-level group
// for group SAML, each with the extern_uid the provider asserts). The table is the users domain's,
// as in GitLab; lib/saml applies its group rules on top (saml/identities.ts, saml/sync.ts).
import { ApiError, notFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { findManyKept, getDb, uniqueAs } from '../db'
import type { Identity, Prisma } from '../db'

/** Identity model validation, rendered as GitLab's full message (render_api_error! with 400). */
export const externUidTaken = () => new ApiError(400, { message: 'Extern uid has already been taken' })

/** The identities of these users, oldest first (shown in the user entity). */
export async function identitiesOfUsers(userIds: readonly number[]): Promise<Identity[]> {
  if (!userIds.length) return []
  // A prepared statement: every GET /user and user page asks, and most users have none.
  // At most one identity per user and top-level group, so the bound never cuts a real answer.
  return findManyKept('Identity', { where: { userId: { in: [...userIds] } }, orderBy: { id: 'asc' }, take: 100_000 })
}

/** DELETE /users/:id/identities/:provider: the user's first identity of that provider. */
export async function deleteUserIdentity(userId: number, provider: string): Promise<void> {
  const db = await getDb()
  const identity = await db.identity.findFirst({ where: { userId, provider }, orderBy: { id: 'asc' } })
  if (!identity) throw notFound('Identity')
  await db.identity.deleteMany({ where: { id: identity.id } })
}

/** A group's identities of one provider, a page in id order. */
export async function groupIdentities(groupId: number, provider: string, window: PageWindow) {
  const db = await getDb()
  const where = { groupId, provider }
  return offsetList(
    'identity',
    where,
    window,
    db.identity.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

export async function groupIdentityByExternUid(groupId: number, externUid: string): Promise<Identity | null> {
  const db = await getDb()
  return db.identity.findUnique({ where: { groupId_externUid: { groupId, externUid } } })
}

export async function setExternUid(identity: Identity, externUid: string): Promise<Identity> {
  const db = await getDb()
  return db.identity.update({ where: { id: identity.id }, data: { externUid } }).catch(uniqueAs(externUidTaken))
}

export async function deleteIdentity(identity: Identity): Promise<void> {
  const db = await getDb()
  await db.identity.deleteMany({ where: { id: identity.id } })
}

/** Whether the user has an identity in this group (inside the caller's transaction). */
export async function hasGroupIdentity(tx: Prisma.TransactionClient, groupId: number, userId: number) {
  return !!(await tx.identity.findUnique({ where: { groupId_userId: { groupId, userId } } }))
}

/**
 * The user's identity in this group, made or given `externUid`, inside the caller's transaction; an
 * extern_uid another user holds is 400 (the rethrow rolls the caller's transaction back).
 */
export async function putGroupIdentity(
  tx: Prisma.TransactionClient,
  identity: { groupId: number; userId: number; provider: string; externUid: string },
): Promise<void> {
  const { groupId, userId, externUid } = identity
  await tx.identity
    .upsert({ where: { groupId_userId: { groupId, userId } }, create: identity, update: { externUid } })
    .catch(uniqueAs(externUidTaken))
}
