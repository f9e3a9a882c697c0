// The members domain's row functions for other domains (the Member table is lib/members's, see
// scripts/check-table-ownership.ts): finders, and the writes another domain makes inside its own
// transaction (a creator's Owner row, SAML group sync). These carry no actor and check no grant
// rules (those are service.ts's); a caller that writes forgets the user's cached memberships
// (auth/memberships.ts) after commit. Only lib/db below, so any domain can call them without a cycle.
import { getDb, type Member, type Prisma } from '../db'

/** The caller's transaction (the plain client fits too). */
type Client = Prisma.TransactionClient

export type SourceType = 'Namespace' | 'Project'

/**
 * Memberships not expired. "Now" is taken to the second: the filter of a list is the key of its
 * cached count (api/pagination.ts cappedCount), which a millisecond clock would never let hit;
 * `expires_at` is a date, so a second's lag shows nowhere.
 */
export const live = (): Prisma.MemberWhereInput => ({
  OR: [{ expiresAt: null }, { expiresAt: { gt: new Date(Math.floor(Date.now() / 1000) * 1000) } }],
})
const key = (sourceType: SourceType, sourceId: number, userId: number) => ({
  sourceType_sourceId_userId: { sourceType, sourceId, userId },
})

/** Which of `userIds` have a direct membership row of the source (expired rows count: they still hold the key). */
export async function directMemberUserIds(
  source: { sourceType: SourceType; id: number },
  userIds: readonly number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set()
  const rows = await (
    await getDb()
  ).member.findMany({
    where: { sourceType: source.sourceType, sourceId: source.id, userId: { in: [...userIds] } },
    select: { userId: true },
  })
  return new Set(rows.map((m) => m.userId))
}

/** Which of `userIds` have a membership anywhere above `level` (expired ones included). */
export async function usersWithRoleAbove(userIds: readonly number[], level: number): Promise<Set<number>> {
  if (!userIds.length) return new Set()
  const rows = await (
    await getDb()
  ).member.findMany({
    where: { userId: { in: [...userIds] }, accessLevel: { gt: level } },
    select: { userId: true },
    distinct: ['userId'],
  })
  return new Set(rows.map((m) => m.userId))
}

/** Ids of the groups the user is a direct, unexpired member of (at `minLevel` or above). */
export async function directGroupIdsOf(userId: number, minLevel?: number): Promise<number[]> {
  const rows = await (
    await getDb()
  ).member.findMany({
    where: {
      userId,
      sourceType: 'Namespace',
      ...(minLevel !== undefined ? { accessLevel: { gte: minLevel } } : {}),
      ...live(),
    },
    select: { sourceId: true },
  })
  return rows.map((m) => m.sourceId)
}

/** The user's unexpired direct levels in the given groups: group id → level. */
export async function groupLevelsOf(
  client: Client,
  userId: number,
  groupIds: readonly number[],
): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map()
  const rows = await client.member.findMany({
    where: { sourceType: 'Namespace', sourceId: { in: [...groupIds] }, userId, ...live() },
    select: { sourceId: true, accessLevel: true },
  })
  return new Map(rows.map((m) => [m.sourceId, m.accessLevel]))
}

/** Those of `groupIds` where someone other than `userId` holds an unexpired direct membership at `level`. */
export async function groupsWithOtherMemberAt(
  client: Client,
  groupIds: readonly number[],
  level: number,
  userId: number,
): Promise<Set<number>> {
  if (!groupIds.length) return new Set()
  const rows = await client.member.findMany({
    where: {
      sourceType: 'Namespace',
      sourceId: { in: [...groupIds] },
      accessLevel: level,
      userId: { not: userId },
      ...live(),
    },
    select: { sourceId: true },
    distinct: ['sourceId'],
  })
  return new Set(rows.map((m) => m.sourceId))
}

export interface MembershipRow {
  sourceType: SourceType
  sourceId: number
  userId: number
  accessLevel: number
  createdById: number | null
}

/** A new membership row (the creator of a group or project becomes its Owner); a duplicate key is the caller's unique violation. */
export async function insertMembership(client: Client, row: MembershipRow): Promise<Member> {
  return client.member.create({ data: row })
}

/** Sets the user's level in the source: creates the row, or revives an expired one (no expiry) at that level. */
export async function putMembership(client: Client, row: MembershipRow): Promise<Member> {
  return client.member.upsert({
    where: key(row.sourceType, row.sourceId, row.userId),
    create: row,
    update: { accessLevel: row.accessLevel, expiresAt: null },
  })
}

/** Changes the level of an existing direct membership (its expiry stays). */
export async function setMembershipLevel(
  client: Client,
  sourceType: SourceType,
  sourceId: number,
  userId: number,
  accessLevel: number,
): Promise<Member> {
  return client.member.update({ where: key(sourceType, sourceId, userId), data: { accessLevel } })
}

/** Deletes an existing direct membership. */
export async function deleteMembership(
  client: Client,
  sourceType: SourceType,
  sourceId: number,
  userId: number,
): Promise<void> {
  await client.member.delete({ where: key(sourceType, sourceId, userId) })
}

/** Deletes every direct membership of a source but `keepUserId`'s (an import starting over keeps its importer, the group's owner). */
export async function deleteMembershipsExcept(
  client: Client,
  sourceType: SourceType,
  sourceId: number,
  keepUserId: number,
): Promise<void> {
  await client.member.deleteMany({ where: { sourceType, sourceId, userId: { not: keepUserId } } })
}

/** Unexpired direct memberships at `level` in these groups, read in the caller's transaction (a user's deletion finds groups they own alone). */
export async function groupMembersAt(
  client: Client,
  groupIds: readonly number[],
  level: number,
): Promise<{ sourceId: number; userId: number }[]> {
  if (!groupIds.length) return []
  return client.member.findMany({
    where: { sourceType: 'Namespace', sourceId: { in: [...groupIds] }, accessLevel: level, ...live() },
    select: { sourceId: true, userId: true },
  })
}

/** The ids of the groups where the user holds an unexpired direct membership at `level`, in the caller's transaction. */
export async function groupIdsWhereUserIs(client: Client, userId: number, level: number): Promise<number[]> {
  const rows = await client.member.findMany({
    where: { userId, sourceType: 'Namespace', accessLevel: level, ...live() },
    select: { sourceId: true },
  })
  return rows.map((m) => m.sourceId)
}
