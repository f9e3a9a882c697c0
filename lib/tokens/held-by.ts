// Tokens listed and looked up by whose they are (lib/users/credential-holders): a group's or
// project's bots for the access-tokens domain, a group tree's bots and a group's enterprise users for
// the enterprise credentials inventory. Bots' tokens carry the bot and its memberships.
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, type Member, type PersonalAccessToken, type Prisma, type User } from '../db'
import { holdersWhere, type BotHolders, type CredentialHolders } from '../users/credential-holders'
import type { ListTokensParams } from './schema'
import { tokenFilters, tokenOrder, type tokenCreateData } from './service'

const withBot = { user: { include: { memberships: true } } } as const

/** A bot's token with the bot and its memberships (a resource token's access_level, resource_type, resource_id). */
export type BotTokenRow = PersonalAccessToken & { user: User & { memberships: Member[] } }

/** GitLab's PersonalAccessTokensFinder filters and sort; the holders take the place of user_id. */
export type HeldTokensParams = Omit<ListTokensParams, 'user_id'>

// Impersonation tokens are an administrator's, never part of a resource's or a group's credentials.
const heldBy = (holders: CredentialHolders): Prisma.PersonalAccessTokenWhereInput => ({
  impersonation: false,
  user: holdersWhere(holders),
})

export async function listTokensHeldBy(holders: CredentialHolders, params: HeldTokensParams, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.PersonalAccessTokenWhereInput = { AND: [heldBy(holders), ...tokenFilters(params)] }
  return offsetList(
    'personalAccessToken',
    where,
    window,
    db.personalAccessToken.findMany({ where, orderBy: tokenOrder(params.sort), skip: window.skip, take: window.take }),
  )
}

export async function listBotTokens(bots: BotHolders, params: HeldTokensParams, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.PersonalAccessTokenWhereInput = { AND: [heldBy(bots), ...tokenFilters(params)] }
  return offsetList(
    'personalAccessToken',
    where,
    window,
    db.personalAccessToken.findMany({
      where,
      include: withBot,
      orderBy: tokenOrder(params.sort),
      skip: window.skip,
      take: window.take,
    }),
  )
}

export async function tokenHeldBy(holders: CredentialHolders, id: number): Promise<PersonalAccessToken | null> {
  return (await getDb()).personalAccessToken.findFirst({ where: { id, ...heldBy(holders) } })
}

export async function botToken(bots: BotHolders, id: number): Promise<BotTokenRow | null> {
  return (await getDb()).personalAccessToken.findFirst({ where: { id, ...heldBy(bots) }, include: withBot })
}

/** A new bot's token, inside the transaction that creates the bot (tokenCreateData validated it). */
export async function insertBotToken(
  tx: Prisma.TransactionClient,
  data: ReturnType<typeof tokenCreateData>,
): Promise<BotTokenRow> {
  return tx.personalAccessToken.create({ data, include: withBot })
}

/**
 * Rotation: revokes the old token (a compare-and-swap) and issues its successor in one transaction.
 * Null when the old one was revoked already; the caller forgets the old token id after.
 */
export async function rotateBotToken(
  oldId: number,
  data: ReturnType<typeof tokenCreateData>,
): Promise<BotTokenRow | null> {
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const done = await tx.personalAccessToken.updateMany({
      where: { id: oldId, revoked: false },
      data: { revoked: true },
    })
    if (done.count !== 1) return null
    return tx.personalAccessToken.create({ data, include: withBot })
  })
}
