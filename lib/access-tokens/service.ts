// Group and project access tokens: one bot user per token, a member of the group or project at the
// token's access level. Revoking the token also ends the bot's membership and blocks it (GitLab
// deletes the bot in a background job; keeping the row keeps the token visible to credential
// inventories and to revocation by value).
import { badRequest, notFound, unauthorized } from '../api/errors'
import { dbId } from '../api/param-types'
import type { PageWindow } from '../api/pagination'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel, can } from '../auth/policy'
import { newTokenValue } from '../auth/token-digest'
import { getDb } from '../db'
import { addBotMembership, endMembershipsOf } from '../members/bot-memberships'
import type { MemberSource } from '../members/source'
import { setting } from '../settings/service'
import { botToken, insertBotToken, listBotTokens, rotateBotToken } from '../tokens/held-by'
import { revokeTokensOfUser, tokenCreateData } from '../tokens/service'
import { blockUserIn } from '../users/bots'
import type { BotHolders } from '../users/credential-holders'
import { createBotUser } from './bot-user'
import type { ResourceTokenRow } from './entity'
import type { CreateResourceTokenParams, ListResourceTokensParams, RotateResourceTokenParams } from './schema'

const DEFAULT_LIFETIME_DAYS = 365
const ROTATED_LIFETIME_DAYS = 7

const noun = (source: MemberSource) => (source.sourceType === 'Project' ? 'project' : 'group')

/** GitLab's `resource.bots`: bot users that are members of this very group or project. */
const botsOf = (source: MemberSource): BotHolders => ({
  botsOf: { sourceType: source.sourceType, sourceId: source.id },
})

// Bots cannot mint or manage resource tokens (GitLab: "You cannot authenticate with a group access token").
const mayManage = async (actor: Actor, source: MemberSource) =>
  !actor.user.bot && (await can(actor, 'admin_resource_access_tokens', source.subject))

const daysFromToday = (days: number) => new Date(Date.parse(new Date().toISOString().slice(0, 10)) + days * 86_400_000)

async function defaultExpiry(days: number): Promise<Date | undefined> {
  return (await setting<boolean>('require_personal_access_token_expiry')) ? daysFromToday(days) : undefined
}

/** GitLab answers 401 (not 403) when a visible resource's tokens may not be read. */
async function assertReadable(actor: Actor, source: MemberSource) {
  if (!(await mayManage(actor, source))) throw unauthorized()
}

export async function listResourceTokens(
  actor: Actor,
  source: MemberSource,
  params: ListResourceTokensParams,
  window: PageWindow,
) {
  await assertReadable(actor, source)
  return listBotTokens(botsOf(source), params, window)
}

async function lookup(source: MemberSource, tokenId: string): Promise<ResourceTokenRow> {
  const id = dbId(tokenId)
  const token = id === null ? null : await botToken(botsOf(source), id)
  if (!token) throw notFound(`${noun(source)} Access Token`)
  return token
}

export async function findResourceToken(actor: Actor, source: MemberSource, tokenId: string) {
  await assertReadable(actor, source)
  return lookup(source, tokenId)
}

export async function createResourceToken(actor: Actor, source: MemberSource, params: CreateResourceTokenParams) {
  if (!(await mayManage(actor, source)))
    throw badRequest(`User does not have permission to create ${noun(source)} access token`)
  const level = params.access_level ?? ACCESS.MAINTAINER
  const own = actor.user.admin ? ACCESS.OWNER : await accessLevel(actor, source.subject)
  if (level > own) throw badRequest('Access level of the token contains permissions not held by the creating user')
  const value = newTokenValue()
  const expiresAt = params.expires_at ?? (await defaultExpiry(DEFAULT_LIFETIME_DAYS))
  // Validated (name, expiry) before the bot user is written.
  const row = tokenCreateData(
    0,
    { name: params.name, description: params.description, scopes: params.scopes, expires_at: expiresAt },
    value,
  )
  const db = await getDb()
  const token = await db.$transaction(async (tx) => {
    const bot = await createBotUser(tx, source, params.name, actor.user.external)
    await addBotMembership(tx, source, { userId: bot.id, accessLevel: level, createdById: actor.user.id })
    return insertBotToken(tx, { ...row, userId: bot.id })
  })
  return { token, value }
}

/** Revokes the token, ends the bot's memberships and blocks it, in one transaction. */
export async function retireBotToken(token: ResourceTokenRow): Promise<void> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await revokeTokensOfUser(tx, token.userId)
    await endMembershipsOf(tx, token.userId)
    await blockUserIn(tx, token.userId)
  })
}

export async function revokeResourceToken(actor: Actor, source: MemberSource, tokenId: string) {
  const token = await lookup(source, tokenId)
  if (!(await mayManage(actor, source))) throw badRequest(`${actor.user.name} cannot delete ${token.user.name}`)
  await retireBotToken(token)
}

/** Rotation: the old token is revoked and a new one with the same name and scopes is issued to the same bot. */
export async function rotateResourceToken(actor: Actor, source: MemberSource, params: RotateResourceTokenParams) {
  if (!(await mayManage(actor, source))) throw actor.user.admin ? notFound() : unauthorized()
  const old = await lookup(source, params.token_id).catch(() => {
    throw actor.user.admin ? notFound() : unauthorized()
  })
  if (old.revoked) throw badRequest('token already revoked')
  const value = newTokenValue()
  const expiresAt = params.expires_at ?? (await defaultExpiry(ROTATED_LIFETIME_DAYS))
  const data = tokenCreateData(
    old.userId,
    {
      name: old.name,
      description: old.description ?? undefined,
      scopes: old.scopes.split(' ') as CreateResourceTokenParams['scopes'],
      expires_at: expiresAt,
    },
    value,
  )
  const token = await rotateBotToken(old.id, data)
  if (!token) throw badRequest('token already revoked')
  return { token, value }
}
