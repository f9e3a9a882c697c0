// Namespaces by id, cached (ttl-cache.ts): every project response embeds its namespace, and a
// handful of namespaces hold most projects. Writers call forgetNamespaces().
import { cached, ttlCache } from '../runtime/ttl-cache'
import { findOneFast } from '../db'
import type { Namespace } from '../db/generated/sqlite/client'

const cache = ttlCache<number, Promise<Namespace | null>>('namespaces')

export const namespaceById = (id: number): Promise<Namespace | null> => cached(cache, id, () => findOneFast('Namespace', 'id', id))

/** Renames, moves, visibility changes and deletions of namespaces call this. */
export function forgetNamespaces(): void {
  cache.clear()
}
