// Namespaces by id, cached (ttl-cache.ts): every project response embeds its namespace, and a
// handful of namespaces hold most projects. Writers call forgetNamespaces().
import { cached, ttlCache } from '../runtime/ttl-cache'
import { findOneFast, getDb } from '../db'
import type { Namespace, Prisma } from '../db'

const cache = ttlCache<number, Promise<Namespace | null>>('namespaces')

export const namespaceById = (id: number): Promise<Namespace | null> => cached(cache, id, () => findOneFast('Namespace', 'id', id))

/** Renames, moves, visibility changes and deletions of namespaces call this. */
export function forgetNamespaces(): void {
  cache.clear()
}

/** A namespace row, uncached: for writers and background tasks, which must not act on a stale one. */
export async function namespaceRow(id: number): Promise<Namespace | null> {
  return (await getDb()).namespace.findUnique({ where: { id } })
}

/** Namespace rows for a set of ids, uncached, in no particular order; missing ids are skipped. */
export async function namespacesByIds(ids: readonly number[]): Promise<Namespace[]> {
  if (!ids.length) return []
  return (await getDb()).namespace.findMany({ where: { id: { in: [...ids] } } })
}

/** A user's personal namespace; `tx` reads it inside the caller's transaction (a rename of the user). */
export async function personalNamespaceOf(userId: number, tx?: Prisma.TransactionClient): Promise<Namespace | null> {
  return (tx ?? (await getDb())).namespace.findUnique({ where: { ownerId: userId } })
}
