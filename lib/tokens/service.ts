// Personal access tokens: issued with a random value shown once, stored as a sha256 digest.
import { badRequest, notFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { digestToken, newTokenValue } from '../auth/token-digest'
import { containsInsensitive, findOneFast, getDb, type PersonalAccessToken, type Prisma } from '../db'
import type { CreateTokenParams, ListTokensParams } from './schema'

const MAX_LIFETIME_DAYS = 400

/** Validates a token request and returns the row to insert (callers inside a transaction use it). */
export function tokenCreateData(userId: number, input: CreateTokenParams, value: string) {
  if (!input.name.trim()) throw validation({ name: ["can't be blank"] })
  if (input.expires_at) {
    const today = new Date(new Date().toISOString().slice(0, 10))
    if (input.expires_at.getTime() < today.getTime()) throw validation({ expires_at: ['must be in the future'] })
    if (input.expires_at.getTime() > today.getTime() + MAX_LIFETIME_DAYS * 86400_000)
      throw validation({
        expires_at: [
          `must be before ${new Date(today.getTime() + MAX_LIFETIME_DAYS * 86400_000).toISOString().slice(0, 10)}`,
        ],
      })
  }
  return {
    userId,
    name: input.name,
    description: input.description ?? null,
    digest: digestToken(value),
    scopes: [...new Set(input.scopes)].join(' '),
    expiresAt: input.expires_at ?? null,
  }
}

/** Whether a token with this value exists (any state): start-up's INITIAL_ROOT_TOKEN is issued once. */
export async function tokenValueExists(value: string): Promise<boolean> {
  return !!(await findOneFast('PersonalAccessToken', 'digest', digestToken(value)))
}

/** The token a plaintext value names, in any state (revocation by value). */
export async function tokenByValue(value: string): Promise<PersonalAccessToken | null> {
  return (await getDb()).personalAccessToken.findUnique({ where: { digest: digestToken(value) } })
}

export async function tokenById(id: number): Promise<PersonalAccessToken> {
  return (await getDb()).personalAccessToken.findUniqueOrThrow({ where: { id } })
}

/**
 * Revokes a token unless it already is: a compare-and-swap, so the second of two concurrent
 * revocations gets false. The caller forgets the token id after.
 */
export async function revokeUnlessRevoked(id: number): Promise<boolean> {
  const done = await (
    await getDb()
  ).personalAccessToken.updateMany({ where: { id, revoked: false }, data: { revoked: true } })
  return done.count > 0
}

/** Revokes every token of a user in the caller's transaction (a retired bot). */
export async function revokeTokensOfUser(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.personalAccessToken.updateMany({ where: { userId }, data: { revoked: true } })
}

export async function issueToken(userId: number, input: CreateTokenParams, valueOverride?: string) {
  const value = valueOverride ?? newTokenValue()
  const data = tokenCreateData(userId, input, value)
  const db = await getDb()
  const record = await db.personalAccessToken.create({ data })
  return { record, value }
}

/** A token the actor may see: their own, or any for administrators. 404 otherwise. */
export async function findVisibleToken(actor: Actor, id: number) {
  const db = await getDb()
  const token = await db.personalAccessToken.findUnique({ where: { id } })
  if (!token || (!actor.user.admin && token.userId !== actor.user.id)) throw notFound('Personal Access Token')
  return token
}

export async function revokeToken(actor: Actor, id: number) {
  const token = await findVisibleToken(actor, id)
  if (token.revoked) throw badRequest('Token already revoked')
  const db = await getDb()
  await db.personalAccessToken.update({ where: { id }, data: { revoked: true } })
}

const SORTS: Record<string, Prisma.PersonalAccessTokenOrderByWithRelationInput[]> = {
  created_asc: [{ createdAt: 'asc' }, { id: 'asc' }],
  created_desc: [{ createdAt: 'desc' }, { id: 'desc' }],
  expires_asc: [{ expiresAt: 'asc' }, { id: 'asc' }],
  expires_desc: [{ expiresAt: 'desc' }, { id: 'desc' }],
  last_used_asc: [{ lastUsedAt: 'asc' }, { id: 'asc' }],
  last_used_desc: [{ lastUsedAt: 'desc' }, { id: 'desc' }],
  name_asc: [{ name: 'asc' }, { id: 'asc' }],
  name_desc: [{ name: 'desc' }, { id: 'desc' }],
}

export const tokenOrder = (sort: ListTokensParams['sort']) => SORTS[sort ?? 'created_desc']

/** GitLab's PersonalAccessTokensFinder filters (revoked, state, search, dates), shared by every token list. */
export function tokenFilters(
  params: Omit<ListTokensParams, 'user_id' | 'sort'>,
): Prisma.PersonalAccessTokenWhereInput[] {
  const and: Prisma.PersonalAccessTokenWhereInput[] = []
  if (params.revoked !== undefined) and.push({ revoked: params.revoked })
  const now = new Date()
  if (params.state === 'active') and.push({ revoked: false, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] })
  if (params.state === 'inactive') and.push({ OR: [{ revoked: true }, { expiresAt: { lte: now } }] })
  if (params.search) and.push({ name: containsInsensitive(params.search) })
  if (params.created_before) and.push({ createdAt: { lt: params.created_before } })
  if (params.created_after) and.push({ createdAt: { gt: params.created_after } })
  if (params.last_used_before) and.push({ lastUsedAt: { lt: params.last_used_before } })
  if (params.last_used_after) and.push({ lastUsedAt: { gt: params.last_used_after } })
  if (params.expires_before) and.push({ expiresAt: { lt: params.expires_before } })
  if (params.expires_after) and.push({ expiresAt: { gt: params.expires_after } })
  return and
}

export async function listTokens(actor: Actor, params: ListTokensParams, window: PageWindow) {
  const db = await getDb()
  const and: Prisma.PersonalAccessTokenWhereInput[] = [{ user: { bot: false } }]
  if (!actor.user.admin) and.push({ userId: actor.user.id })
  else if (params.user_id !== undefined) and.push({ userId: params.user_id })
  and.push(...tokenFilters(params))
  const where = { AND: and }
  return offsetList(
    'personalAccessToken',
    where,
    window,
    db.personalAccessToken.findMany({ where, orderBy: tokenOrder(params.sort), skip: window.skip, take: window.take }),
  )
}
