// The groups domain's namespace finders for other domains (the Namespace table, groups and
// personal namespaces alike, is lib/groups's). Namespaces by id are kept for the write generation
// (runtime/generation-cache.ts): every project response embeds its namespace, and a handful of
// namespaces hold most projects.
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { containsInsensitive, findOneFast, generationCache, getDb, prefixRange, type Prisma } from '../db'
import type { Namespace } from '../db'

const cache = generationCache<number, Namespace | null>('namespaces')

export const namespaceById = (id: number): Promise<Namespace | null> =>
  cache.read(id, () => findOneFast('Namespace', 'id', id))

/** A namespace row, uncached: for writers and background tasks, which must not act on a stale one. */
export async function namespaceRow(id: number): Promise<Namespace | null> {
  return (await getDb()).namespace.findUnique({ where: { id } })
}

/** Namespace rows for a set of ids, uncached, in no particular order; missing ids are skipped. `tx` reads inside the caller's transaction. */
export async function namespacesByIds(ids: readonly number[], tx?: Prisma.TransactionClient): Promise<Namespace[]> {
  if (!ids.length) return []
  return (tx ?? (await getDb())).namespace.findMany({ where: { id: { in: [...ids] } } })
}

/** A user's personal namespace; `tx` reads it inside the caller's transaction (a rename of the user). */
export async function personalNamespaceOf(userId: number, tx?: Prisma.TransactionClient): Promise<Namespace | null> {
  return (tx ?? (await getDb())).namespace.findUnique({ where: { ownerId: userId } })
}

/** A namespace by full path (any case), uncached. */
export async function namespaceByFullPath(fullPath: string): Promise<Namespace | null> {
  return (await getDb()).namespace.findUnique({ where: { fullPathLower: fullPath.toLowerCase() } })
}

/** Whether a namespace directly under `parentId` (null: top level) has this name, any case. */
export async function namespaceNameTaken(parentId: number | null, name: string): Promise<boolean> {
  // Case-insensitive equality is not portable: narrow with `contains`, compare here.
  const rows = await (
    await getDb()
  ).namespace.findMany({ where: { parentId, name: containsInsensitive(name) }, select: { name: true }, take: 50 })
  return rows.some((r) => r.name.toLowerCase() === name.toLowerCase())
}

/** The groups of a tree (`traversalIds` of its top), read in the caller's transaction. */
export async function groupsInTree(
  tx: Prisma.TransactionClient,
  traversalIds: string,
): Promise<{ id: number; traversalIds: string }[]> {
  return tx.namespace.findMany({
    where: { kind: 'group', traversalIds: prefixRange(traversalIds) },
    select: { id: true, traversalIds: true },
  })
}

export interface NamespaceListFilter {
  /** User#namespaces: only this user's personal namespace and these groups. Unset: every namespace. */
  forUser?: { userId: number; groupIds: readonly number[] }
  topLevelOnly?: boolean
  search?: string
  /** `search` matches the full path instead of the name or path. */
  fullPathSearch?: boolean
}

/** GET /namespaces's page: groups and personal namespaces by id, filtered, counted and paged in SQL. */
export async function namespacesPage(filter: NamespaceListFilter, window: PageWindow) {
  const db = await getDb()
  const and: Prisma.NamespaceWhereInput[] = []
  if (filter.forUser)
    and.push({ OR: [{ ownerId: filter.forUser.userId }, { kind: 'group', id: { in: [...filter.forUser.groupIds] } }] })
  if (filter.topLevelOnly) and.push({ parentId: null })
  if (filter.search) {
    and.push(
      filter.fullPathSearch
        ? { fullPath: containsInsensitive(filter.search) }
        : { OR: [{ name: containsInsensitive(filter.search) }, { path: containsInsensitive(filter.search) }] },
    )
  }
  const where: Prisma.NamespaceWhereInput = and.length ? { AND: and } : {}
  return offsetList(
    'namespace',
    where,
    window,
    db.namespace.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}
