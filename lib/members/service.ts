// Memberships of groups and projects: direct lists, inherited lists (through the group tree, each
// user once at their highest level), add/update/remove with GitLab's level rules.
import { conflict, forbidden, notFound, recordNotFound, validation } from '../api/errors'
import { cappedCount, offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { ACCESS, levelName } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { containsInsensitive, findManyKept, getDb, uniqueAs, type Prisma } from '../db'
import { canManageMembers, type MemberSource } from './source'
import { live } from './rows'
import type { MemberWithUser } from './entity'
import type { AddMemberParams, ListMembersParams, UpdateMemberParams } from './schema'
import { usersByIds, usersByUsernames, withUsers } from '../users/find'
import { namespacesByIds } from '../groups/namespaces'

const direct = (s: MemberSource): Prisma.MemberWhereInput => ({ sourceType: s.sourceType, sourceId: s.id })
const inherited = (s: MemberSource): Prisma.MemberWhereInput => ({
  OR: [direct(s), ...(s.ancestors.length ? [{ sourceType: 'Namespace', sourceId: { in: s.ancestors } }] : [])],
})

function userFilter(params: Omit<ListMembersParams, 'id'>): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = []
  if (params.query)
    and.push({ OR: [{ username: containsInsensitive(params.query) }, { name: containsInsensitive(params.query) }] })
  if (params.user_ids?.length) and.push({ id: { in: params.user_ids } })
  return { AND: and }
}

export async function listDirectMembers(
  source: MemberSource,
  params: Omit<ListMembersParams, 'id'>,
  window: PageWindow,
) {
  const db = await getDb()
  if (!params.query) {
    // Without a search on the users' names the filter is the membership table's alone: the page and
    // its users through prepared statements (Prisma's include + relation filter was 70 % of the request).
    const where: Prisma.MemberWhereInput = {
      AND: [direct(source), live(), ...(params.user_ids?.length ? [{ userId: { in: params.user_ids } }] : [])],
    }
    const { items: rows, total } = await offsetList(
      'member',
      where,
      window,
      findManyKept('Member', { where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
    )
    const items: MemberWithUser[] = await withUsers(rows, (r) => r.userId, 'user')
    return offsetPage(items, total, window)
  }
  const where: Prisma.MemberWhereInput = { AND: [direct(source), live(), { user: userFilter(params) }] }
  return offsetList(
    'member',
    where,
    window,
    db.member.findMany({
      where,
      orderBy: { id: 'asc' },
      skip: window.skip,
      take: window.take,
      include: { user: true },
    }),
  )
}

/** Where a listed membership may come from: the source itself, its ancestor groups, or both (GitLab's `with_inherited_permissions`). */
export type MemberRelation = 'all' | 'inherited'

const ancestorsOnly = (s: MemberSource): Prisma.MemberWhereInput => ({
  sourceType: 'Namespace',
  sourceId: { in: s.ancestors },
})

/**
 * Each user once, with their highest membership among the source and its ancestors (`inherited`:
 * the ancestors only). A tie keeps the direct membership, the one that can be edited here. The page
 * is of distinct user ids (GROUP BY in SQL); their memberships are then loaded by id.
 */
export async function listAllMembers(
  source: MemberSource,
  params: ListMembersParams,
  window: PageWindow,
  relation: MemberRelation = 'all',
) {
  const db = await getDb()
  const scope = relation === 'all' ? inherited(source) : ancestorsOnly(source)
  const where: Prisma.MemberWhereInput = { AND: [scope, live(), { user: userFilter(params) }] }
  const [page, total] = await Promise.all([
    db.member.groupBy({ by: ['userId'], where, orderBy: { userId: 'asc' }, skip: window.skip, take: window.take }),
    cappedCount(
      async (take) => (await db.member.groupBy({ by: ['userId'], where, orderBy: { userId: 'asc' }, take })).length,
      ['member/all', where],
    ),
  ])
  const ids = page.map((g) => g.userId)
  const rows = ids.length
    ? await db.member.findMany({
        where: { AND: [scope, live(), { userId: { in: ids } }] },
        orderBy: { id: 'asc' },
        include: { user: true },
      })
    : []
  const best = new Map<number, MemberWithUser>()
  const isDirect = (m: MemberWithUser) => m.sourceType === source.sourceType && m.sourceId === source.id
  for (const m of rows) {
    const held = best.get(m.userId)
    if (!held || m.accessLevel > held.accessLevel || (m.accessLevel === held.accessLevel && isDirect(m)))
      best.set(m.userId, m)
  }
  const items = ids.map((id) => best.get(id)).filter((m): m is MemberWithUser => !!m)
  return offsetPage(items, total, window)
}

export async function findMember(
  source: MemberSource,
  userId: number,
  scope: 'direct' | 'all',
): Promise<MemberWithUser> {
  const db = await getDb()
  const rows = await db.member.findMany({
    where: { AND: [scope === 'direct' ? direct(source) : inherited(source), live(), { userId }] },
    include: { user: true },
  })
  if (!rows.length) throw recordNotFound()
  return rows.reduce((a, b) => (b.accessLevel > a.accessLevel ? b : a))
}

async function checkGrant(actor: Actor, source: MemberSource, level: number, expiresAt: Date | undefined) {
  if (!(await canManageMembers(actor, source))) throw forbidden()
  const own = actor.user.admin ? ACCESS.OWNER : await accessLevel(actor, source.subject)
  if (level > own) throw forbidden()
  if (expiresAt && expiresAt.getTime() < new Date(new Date().toISOString().slice(0, 10)).getTime())
    throw validation({ expires_at: ['cannot be a date in the past'] })
}

/** GitLab refuses a direct membership below what the user already inherits from an ancestor. */
export async function checkInherited(source: MemberSource, userId: number, level: number) {
  const text = (await inheritedConflicts(source, [userId], level)).get(userId)
  if (text) throw validation({ access_level: [text] })
}

/**
 * GitLab's rule that a membership may not be below one inherited from an ancestor group: for each
 * user whose inherited level is above `level`, the `access_level` error text. Two queries for
 * any number of users.
 */
export async function inheritedConflicts(
  source: MemberSource,
  userIds: number[],
  level: number,
): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  if (!source.ancestors.length || !userIds.length) return out
  const db = await getDb()
  const rows = await db.member.findMany({
    where: {
      AND: [
        {
          sourceType: 'Namespace',
          sourceId: { in: source.ancestors },
          userId: { in: userIds },
          accessLevel: { gt: level },
        },
        live(),
      ],
    },
    orderBy: [{ accessLevel: 'desc' }, { id: 'asc' }],
  })
  const highest = new Map<number, (typeof rows)[number]>()
  for (const r of rows) if (!highest.has(r.userId)) highest.set(r.userId, r)
  const groups = await namespacesByIds([...new Set([...highest.values()].map((r) => r.sourceId))])
  const names = new Map(groups.map((g) => [g.id, g.fullName]))
  for (const [userId, r] of highest)
    out.set(
      userId,
      `should be greater than or equal to ${levelName(r.accessLevel)} inherited membership from group ${names.get(r.sourceId) ?? ''}`,
    )
  return out
}

export async function addMembers(
  actor: Actor,
  source: MemberSource,
  params: Omit<AddMemberParams, 'id'>,
): Promise<MemberWithUser[]> {
  await checkGrant(actor, source, params.access_level, params.expires_at)
  const db = await getDb()
  const ids = params.user_id === undefined ? [] : Array.isArray(params.user_id) ? params.user_id : [params.user_id]
  const users = [
    ...(await usersByIds(ids)),
    ...(params.username ? await usersByUsernames(params.username.split(',').map((u) => u.trim())) : []),
  ]
  if (!users.length || users.length < ids.length) throw notFound('User')
  for (const u of users) await checkInherited(source, u.id, params.access_level)
  return db
    .$transaction(async (tx) => {
      const existing = await tx.member.findFirst({
        where: { ...direct(source), userId: { in: users.map((u) => u.id) } },
      })
      if (existing) throw conflict('Member already exists')
      const out: MemberWithUser[] = []
      for (const u of users) {
        const m = await tx.member.create({
          data: {
            sourceType: source.sourceType,
            sourceId: source.id,
            userId: u.id,
            accessLevel: params.access_level,
            expiresAt: params.expires_at ?? null,
            createdById: actor.user.id,
          },
        })
        out.push({ ...m, user: u, createdBy: null })
      }
      return out
    })
    .catch(uniqueAs(() => conflict('Member already exists')))
}

/**
 * A membership granted by another domain inside its own transaction (accepted invitations,
 * approved promotions): an existing membership keeps the higher level. The caller forgets the
 * user's cached memberships after commit.
 */
export async function grantMembership(
  tx: Prisma.TransactionClient,
  row: {
    sourceType: string
    sourceId: number
    userId: number
    accessLevel: number
    expiresAt: Date | null
    createdById: number | null
  },
) {
  const key = { sourceType_sourceId_userId: { sourceType: row.sourceType, sourceId: row.sourceId, userId: row.userId } }
  const existing = await tx.member.findUnique({ where: key })
  if (!existing) return tx.member.create({ data: row })
  if (existing.accessLevel >= row.accessLevel) return existing
  return tx.member.update({ where: key, data: { accessLevel: row.accessLevel, expiresAt: row.expiresAt } })
}

export async function updateMember(
  actor: Actor,
  source: MemberSource,
  params: UpdateMemberParams,
): Promise<MemberWithUser> {
  const member = await findMember(source, params.user_id, 'direct')
  await checkGrant(actor, source, Math.max(params.access_level, member.accessLevel), params.expires_at ?? undefined)
  await checkInherited(source, params.user_id, params.access_level)
  const db = await getDb()
  const updated = await db.member.update({
    where: { id: member.id },
    data: {
      accessLevel: params.access_level,
      ...(params.expires_at !== undefined ? { expiresAt: params.expires_at } : {}),
    },
    include: { user: true },
  })
  return updated
}

export async function removeMember(actor: Actor, source: MemberSource, userId: number): Promise<void> {
  const member = await findMember(source, userId, 'direct')
  const self = actor.user.id === userId
  if (!self) await checkGrant(actor, source, member.accessLevel, undefined)
  const db = await getDb()
  if (source.sourceType === 'Namespace' && member.accessLevel === ACCESS.OWNER && !source.ancestors.length) {
    const owners = await db.member.count({ where: { ...direct(source), accessLevel: ACCESS.OWNER } })
    if (owners <= 1) throw forbidden('A group must have at least one owner')
  }
  // deleteMany: a concurrent removal of the same member may have won; GitLab answers 404 then.
  const { count } = await db.member.deleteMany({ where: { id: member.id } })
  if (!count) throw recordNotFound()
}
