// SAML identities of a top-level group (GitLab's ee/lib/api/provider_identity.rb, SAML half): each
// links a user to the extern_uid the group's identity provider asserts. Only the root of a tree has
// a SAML provider, so a subgroup has no identities (400 on the list, 404 on one, as GitLab).
import { ApiError, badRequest, notFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { findManyKept, getDb, isUniqueViolation } from '../db'
import type { Identity, Namespace } from '../db'

export const SAML_PROVIDER = 'group_saml'

const isRoot = (g: Namespace) => g.parentId === null

/** Identity model validation, rendered as GitLab's full message (render_api_error! with 400). */
export const externUidTaken = () => new ApiError(400, { message: 'Extern uid has already been taken' })

export async function listIdentities(group: Namespace, window: PageWindow) {
  if (!isRoot(group)) throw badRequest()
  const db = await getDb()
  const where = { groupId: group.id, provider: SAML_PROVIDER }
  return offsetList(
    'identity',
    where,
    window,
    db.identity.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

export async function findIdentity(group: Namespace, externUid: string): Promise<Identity> {
  const db = await getDb()
  const identity = isRoot(group)
    ? await db.identity.findUnique({ where: { groupId_externUid: { groupId: group.id, externUid } } })
    : null
  if (!identity || identity.provider !== SAML_PROVIDER) throw notFound('Identity')
  return identity
}

export async function updateExternUid(identity: Identity, externUid: string): Promise<Identity> {
  if (!externUid.trim()) throw new ApiError(400, { message: "Extern uid can't be blank" })
  const db = await getDb()
  try {
    return await db.identity.update({ where: { id: identity.id }, data: { externUid } })
  } catch (e) {
    if (isUniqueViolation(e)) throw externUidTaken()
    throw e
  }
}

export async function deleteIdentity(identity: Identity): Promise<void> {
  const db = await getDb()
  await db.identity.deleteMany({ where: { id: identity.id } })
}

/** The identities of these users, oldest first (the users domain shows them in its entity). */
export async function identitiesOfUsers(userIds: readonly number[]): Promise<Identity[]> {
  if (!userIds.length) return []
  // A prepared statement: every GET /user and user page asks, and most users have none.
  // At most one identity per user and top-level group, so the bound never cuts a real answer.
  return findManyKept('Identity', { where: { userId: { in: [...userIds] } }, orderBy: { id: 'asc' }, take: 100_000 })
}

/** DELETE /users/:id/identities/:provider: the user's first identity of that provider, as GitLab's find_by; 404 when none. */
export async function deleteUserIdentity(userId: number, provider: string): Promise<void> {
  const db = await getDb()
  const identity = await db.identity.findFirst({ where: { userId, provider }, orderBy: { id: 'asc' } })
  if (!identity) throw notFound('Identity')
  await db.identity.deleteMany({ where: { id: identity.id } })
}
