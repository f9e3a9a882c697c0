// The credentials inventory of a top-level group: its enterprise users' personal access tokens and
// SSH keys, and the group/project access tokens of its tree; owners list and revoke them.
import { badRequest, notFound } from '../api/errors'
import { cappedCount, offsetPage, type PageWindow } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { forgetTokenId } from '../auth/token-cache'
import { getDb, type Prisma } from '../db'
import type { Namespace } from '../db'
import { retireBotToken } from '../access-tokens/service'
import { tokenFilters, tokenOrder } from '../tokens/service'
import { botsIn, groupTree } from './group-scope'
import type { ManageKeysParams, ManageTokensParams } from './schema'
import { enterpriseUsersOf } from './users'

const withBot = { user: { include: { memberships: true } } } as const

function tokensWhere(where: Prisma.PersonalAccessTokenWhereInput, params: ManageTokensParams): Prisma.PersonalAccessTokenWhereInput {
  return { AND: [{ impersonation: false }, where, ...tokenFilters(params)] }
}

export async function listEnterpriseTokens(group: Namespace, params: ManageTokensParams, window: PageWindow) {
  const db = await getDb()
  const where = tokensWhere({ user: enterpriseUsersOf(group.id) }, params)
  const [rows, total] = await Promise.all([
    db.personalAccessToken.findMany({ where, orderBy: tokenOrder(params.sort), skip: window.skip, take: window.take }),
    cappedCount((take) => db.personalAccessToken.count({ where, take }), ['enterpriseTokens', where]),
  ])
  return offsetPage(rows, total, window)
}

/** Bot tokens carry the bot and its membership for access_level/resource_type/resource_id. */
export async function listGroupResourceTokens(group: Namespace, params: ManageTokensParams, window: PageWindow) {
  const db = await getDb()
  const where = tokensWhere({ user: botsIn(await groupTree(group)) }, params)
  const [rows, total] = await Promise.all([
    db.personalAccessToken.findMany({ where, include: withBot, orderBy: tokenOrder(params.sort), skip: window.skip, take: window.take }),
    cappedCount((take) => db.personalAccessToken.count({ where, take }), ['groupResourceTokens', where]),
  ])
  return offsetPage(rows, total, window)
}

export async function listEnterpriseKeys(group: Namespace, params: ManageKeysParams, window: PageWindow) {
  const db = await getDb()
  const and: Prisma.SshKeyWhereInput[] = [{ user: enterpriseUsersOf(group.id) }]
  if (params.created_before) and.push({ createdAt: { lt: params.created_before } })
  if (params.created_after) and.push({ createdAt: { gt: params.created_after } })
  if (params.expires_before) and.push({ expiresAt: { lt: params.expires_before } })
  if (params.expires_after) and.push({ expiresAt: { gt: params.expires_after } })
  const where = { AND: and }
  const [rows, total] = await Promise.all([
    db.sshKey.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.skip, take: window.take }),
    cappedCount((take) => db.sshKey.count({ where, take }), ['managedKeys', where]),
  ])
  return offsetPage(rows, total, window)
}

const tokenIdOf = (actor: Actor, id: number | 'self') => {
  if (id !== 'self') return id
  if (!actor.token) throw notFound()
  return actor.token.id
}

export async function revokeEnterpriseToken(actor: Actor, group: Namespace, id: number | 'self'): Promise<void> {
  const db = await getDb()
  const tokenId = tokenIdOf(actor, id)
  const token = await db.personalAccessToken.findFirst({ where: { id: tokenId, impersonation: false, user: enterpriseUsersOf(group.id) } })
  if (!token) throw notFound()
  // A compare-and-swap: the second of two concurrent revocations fails like an already revoked one.
  const done = await db.personalAccessToken.updateMany({ where: { id: token.id, revoked: false }, data: { revoked: true } })
  if (!done.count) throw badRequest()
  forgetTokenId(token.id)
}

export async function revokeGroupResourceToken(actor: Actor, group: Namespace, id: number | 'self'): Promise<void> {
  const db = await getDb()
  const token = await db.personalAccessToken.findFirst({
    where: { id: tokenIdOf(actor, id), impersonation: false, user: botsIn(await groupTree(group)) },
    include: withBot,
  })
  if (!token) throw notFound()
  if (token.revoked) throw badRequest()
  await retireBotToken(token)
}

export async function deleteEnterpriseKey(group: Namespace, keyId: number): Promise<void> {
  const db = await getDb()
  const done = await db.sshKey.deleteMany({ where: { id: keyId, user: enterpriseUsersOf(group.id) } })
  if (!done.count) throw notFound('Key')
}
