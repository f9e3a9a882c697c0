// A user's memberships (direct, unexpired) with the traversal path of every group they belong to,
// kept for the write generation like tokens (until the first expiry among them): policy checks and
// "my projects" filters read them without a query each time.
import { raw, sqltag as sql } from '@prisma/client/runtime/client'
import { firstExpiry, generationCache, getDb, inTreeOf, readyDb } from '../db'
import { ancestorIds } from '../util/traversal-ids'

export interface Memberships {
  /** project id → level (direct memberships and projects shared with the user's groups) */
  projects: Map<number, number>
  /** namespace id → level (direct memberships and groups shared with the user's groups) */
  namespaces: Map<number, number>
  /** traversalIds of the namespaces above, for "in this group tree" SQL filters */
  namespacePaths: Map<number, string>
  /** the user's personal namespace id */
  personalNamespaceId: number | null
  /** When the first membership or share read here expires (ms; Infinity: none does). */
  until: number
}

const cache = generationCache<number, Memberships>('memberships')

export const membershipsOf = (userId: number): Promise<Memberships> =>
  cache.read(
    userId,
    () => load(userId),
    (m) => m.until,
  )

async function load(userId: number): Promise<Memberships> {
  const db = readyDb() ?? (await getDb())
  const now = new Date()
  const [rows, personal] = await Promise.all([
    db.member.findMany({
      where: { userId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      select: { sourceType: true, sourceId: true, accessLevel: true, expiresAt: true },
    }),
    db.namespace.findUnique({ where: { ownerId: userId }, select: { id: true } }),
  ])
  const value: Memberships = {
    projects: new Map(),
    namespaces: new Map(),
    namespacePaths: new Map(),
    personalNamespaceId: personal?.id ?? null,
    until: firstExpiry(rows.map((r) => r.expiresAt)),
  }
  for (const r of rows) (r.sourceType === 'Project' ? value.projects : value.namespaces).set(r.sourceId, r.accessLevel)
  if (value.namespaces.size) {
    // Joined here rather than `id IN (…the user's groups…)`: every query of this file has the same
    // parameters whatever the number of groups (an owner of hundreds of groups neither builds a
    // statement per count nor sends one parameter per group).
    const paths = await db.$queryRaw<{ id: number | bigint; traversalIds: string }[]>(sql`
      SELECT n."id" AS id, n."traversalIds" AS "traversalIds" FROM "Member" m
      JOIN "Namespace" n ON n."id" = m."sourceId"
      WHERE m."userId" = ${userId} AND m."sourceType" = 'Namespace' AND ${live('m', now)}`)
    for (const n of paths)
      if (value.namespaces.has(Number(n.id))) value.namespacePaths.set(Number(n.id), n.traversalIds)
    // Projects first: sharing is not transitive, so a group reached through a group share does
    // not pass on the projects shared with it.
    await addSharedProjects(userId, value, now)
    await addSharedGroups(userId, value, now)
  }
  return value
}

/**
 * Groups shared with a group the user belongs to (directly or through an ancestor) count as the
 * user's groups at min(own level in the invited group, the link's level); their subgroups and
 * projects follow through `namespacePaths`, as with direct group membership.
 */
async function addSharedGroups(userId: number, value: Memberships, now: Date): Promise<void> {
  const db = readyDb() ?? (await getDb())
  const ids = await linkIdsBelowGroupsOf(userId, now, 'GroupGroupLink', 'sharedWithGroupId')
  if (!ids.length) return
  const links = await db.groupGroupLink.findMany({
    where: { id: { in: ids } },
    select: {
      groupAccess: true,
      expiresAt: true,
      sharedGroup: { select: { id: true, traversalIds: true } },
      sharedWithGroup: { select: { traversalIds: true } },
    },
  })
  value.until = Math.min(value.until, firstExpiry(links.map((l) => l.expiresAt)))
  const direct = new Map(value.namespaces)
  for (const link of links) {
    let own = 0
    for (const id of ancestorIds(link.sharedWithGroup.traversalIds)) own = Math.max(own, direct.get(id) ?? 0)
    const level = Math.min(own, link.groupAccess)
    if (level > (value.namespaces.get(link.sharedGroup.id) ?? 0)) {
      value.namespaces.set(link.sharedGroup.id, level)
      value.namespacePaths.set(link.sharedGroup.id, link.sharedGroup.traversalIds)
    }
  }
}

/**
 * Projects shared with a group the user belongs to (or with one of its subgroups, membership being
 * inherited) count as the user's projects at the lower of the link's level and the user's own
 * level in that group — GitLab's project authorizations through project_group_links.
 */
async function addSharedProjects(userId: number, value: Memberships, now: Date): Promise<void> {
  const db = readyDb() ?? (await getDb())
  const ids = await linkIdsBelowGroupsOf(userId, now, 'ProjectGroupLink', 'groupId')
  if (!ids.length) return
  const links = await db.projectGroupLink.findMany({
    where: { id: { in: ids } },
    select: { projectId: true, groupAccess: true, expiresAt: true, group: { select: { traversalIds: true } } },
  })
  value.until = Math.min(value.until, firstExpiry(links.map((l) => l.expiresAt)))
  for (const link of links) {
    let own = 0
    for (const id of ancestorIds(link.group.traversalIds)) own = Math.max(own, value.namespaces.get(id) ?? 0)
    const level = Math.min(own, link.groupAccess)
    if (level > (value.projects.get(link.projectId) ?? 0)) value.projects.set(link.projectId, level)
  }
}

const live = (alias: string, now: Date) =>
  sql`(${raw(alias)}."expiresAt" IS NULL OR ${raw(alias)}."expiresAt" > ${now})`

/**
 * Unexpired links of `table` whose group (`column`) is one of the user's groups or lies below one:
 * one statement whatever the number of groups (the links are few; the groups may be hundreds).
 */
async function linkIdsBelowGroupsOf(
  userId: number,
  now: Date,
  table: 'GroupGroupLink' | 'ProjectGroupLink',
  column: 'sharedWithGroupId' | 'groupId',
): Promise<number[]> {
  const db = readyDb() ?? (await getDb())
  const rows = await db.$queryRaw<{ id: number | bigint }[]>(sql`
    SELECT DISTINCT l."id" AS id FROM "Member" m
    JOIN "Namespace" n ON n."id" = m."sourceId"
    JOIN "Namespace" w ON ${inTreeOf('w', 'n')}
    JOIN ${raw(`"${table}"`)} l ON l.${raw(`"${column}"`)} = w."id"
    WHERE m."userId" = ${userId} AND m."sourceType" = 'Namespace' AND ${live('m', now)} AND ${live('l', now)}`)
  return rows.map((r) => Number(r.id))
}

const ancestors = generationCache<number, { ids: readonly number[]; until: number }>('auth.membership-ancestors')

/**
 * The groups above the user's groups and above their projects' namespaces: GroupsFinder lists
 * `authorized_groups.self_and_ancestors` (its `include_ancestors`, on by default), so the parents of
 * a subgroup or project one belongs to appear in one's group list.
 */
export async function membershipAncestorIds(userId: number): Promise<readonly number[]> {
  const kept = await ancestors.read(
    userId,
    async () => {
      const m = await membershipsOf(userId)
      const ids = new Set<number>()
      for (const path of m.namespacePaths.values()) for (const id of ancestorIds(path)) ids.add(id)
      if (m.projects.size) {
        const db = readyDb() ?? (await getDb())
        const rows = await db.project.findMany({
          where: { id: { in: [...m.projects.keys()] } },
          select: { traversalIds: true },
        })
        for (const r of rows) for (const id of ancestorIds(r.traversalIds)) ids.add(id)
      }
      return { ids: [...ids], until: m.until }
    },
    (k) => k.until,
  )
  return kept.ids
}
