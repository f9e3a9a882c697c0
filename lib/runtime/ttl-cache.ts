// TTL caches of what is not this product's data to keep exact: the container registry's answers
// (tag lists, manifests, its ping) and tokens this server signs for itself. Everything read from
// this product's database is cached in generation caches instead (generation-cache.ts), which are
// exact. Entries of 'database'-sourced caches here (registry answers that our own writes change:
// tag lists after a delete through our API) are also dropped whenever the write generation moves.
import { generation, onForeignChange } from './invalidation'
import { processState } from '../util/process-state'

export interface TtlCache<K, V> {
  get(key: K): V | undefined
  set(key: K, value: V): void
  delete(key: K): void
  /** Drops the entries whose value matches. */
  deleteWhere(match: (value: V) => boolean): void
  clear(): void
}

const MAX_ENTRIES = 50_000
/** The registry's tag lists and tag digests: as long as GitLab's own caching of them, about. */
const DEFAULT_TTL_MS = 2000
const SWEEP_ABOVE = 1_000
const nextSweep = processState('cache.ttl.nextSweep', () => new Map<string, number>())
const registry = processState('cache.ttl', () => new Map<string, Map<unknown, { value: unknown; until: number }>>())
/** Caches of something other than this database's rows (the container registry's answers). */
const external = processState('cache.ttl.external', () => new Set<string>())
onForeignChange('ttl-caches', () => {
  for (const [name, map] of registry) if (!external.has(name)) map.clear()
})

export function ttlCache<K, V>(
  name: string,
  ttlMs: () => number = () => DEFAULT_TTL_MS,
  { source = 'database' }: { source?: 'database' | 'external' } = {},
): TtlCache<K, V> {
  if (!registry.has(name)) registry.set(name, new Map())
  if (source === 'external') external.add(name)
  const map = registry.get(name)! as Map<K, { value: V; until: number }>
  return {
    get(key) {
      const hit = map.get(key)
      if (!hit) return undefined
      if (hit.until > Date.now()) return hit.value
      map.delete(key)
      return undefined
    },
    set(key, value) {
      const now = Date.now()
      // Expired entries of keys never read again (a long import touches thousands of distinct
      // ids) would otherwise stay until the size cap: sweep them at most once per TTL.
      if (map.size >= SWEEP_ABOVE && now >= (nextSweep.get(name) ?? 0)) {
        for (const [k, e] of map) if (e.until <= now) map.delete(k)
        nextSweep.set(name, now + ttlMs())
      }
      if (map.size >= MAX_ENTRIES) map.clear()
      map.set(key, { value, until: now + ttlMs() })
    },
    delete: (key) => void map.delete(key),
    deleteWhere(match) {
      for (const [k, e] of map) if (match(e.value)) map.delete(k)
    },
    clear: () => map.clear(),
  }
}

/** A cached async read: concurrent misses for one key share a single load. */
export async function cached<K, V>(cache: TtlCache<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  const hit = cache.get(key)
  if (hit) return hit
  const began = generation()
  const pending = load()
  cache.set(key, pending)
  // A load that straddled a write may hold what it replaced: serve it, don't keep it.
  const forgetIfStale = () => {
    if (generation() !== began && cache.get(key) === pending) cache.delete(key)
  }
  pending.then(forgetIfStale, () => cache.delete(key))
  return pending
}
