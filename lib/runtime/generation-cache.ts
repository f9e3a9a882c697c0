// The one cache of database-derived values: an entry lives for one write generation
// (invalidation.ts), so nothing is served across a write this process could know of — its own at
// once, any other process's from its next request (the change-stamp check runs before anything
// cached is read). No TTL stands in for correctness: an entry is exact for its generation. Values
// that a clock changes (rows filtered by an expiry) pass `until`, the first moment the read would
// differ. A value is kept only if the generation it was read under is still current when the read
// ends: a read that straddled a write is served to its caller, never kept. Concurrent misses of one
// key share one load (single flight), but only within one generation.
import { generation } from './invalidation'
import { processState } from './state'

export interface GenerationCache<K, V> {
  /** The value kept under the current generation. */
  get(key: K): V | undefined
  /** Keeps a value read under `readUnder` (the generation taken before the read), unless it moved since. */
  set(readUnder: number, key: K, value: V, until?: number): void
  /**
   * The kept value, else `load()`'s, kept under the generation taken before it ran; `untilOf` gives
   * the moment a value read now stops being true (an expiry the read filtered on).
   */
  read(key: K, load: () => Promise<V>, untilOf?: (value: V) => number): Promise<V>
}

interface Slot<K, V> {
  generation: number
  map: Map<K, { value: V; until: number }>
  loading: Map<K, Promise<V>>
}

export function generationCache<K, V>(name: string, maxEntries = 20_000): GenerationCache<K, V> {
  const state = processState(`generation-cache.${name}`, (): Slot<K, V> => ({ generation: -1, map: new Map(), loading: new Map() }))
  const current = (now: number) => {
    if (state.generation !== now) {
      state.generation = now
      state.map.clear()
      state.loading.clear()
    }
    return state
  }
  const cache: GenerationCache<K, V> = {
    get(key) {
      const hit = current(generation()).map.get(key)
      if (!hit) return undefined
      if (hit.until > Date.now()) return hit.value
      state.map.delete(key)
      return undefined
    },
    set(readUnder, key, value, until = Infinity) {
      if (readUnder !== generation()) return
      const { map } = current(readUnder)
      if (map.size >= maxEntries) map.clear()
      map.set(key, { value, until })
    },
    read(key, load, untilOf) {
      const hit = cache.get(key)
      if (hit !== undefined) return Promise.resolve(hit)
      const readUnder = generation()
      const { loading } = current(readUnder)
      const pending = loading.get(key)
      if (pending) return pending
      const value = load().then(
        (v) => {
          if (loading.get(key) === value) loading.delete(key)
          cache.set(readUnder, key, v, untilOf?.(v))
          return v
        },
        (err: unknown) => {
          if (loading.get(key) === value) loading.delete(key)
          throw err
        },
      )
      loading.set(key, value)
      return value
    },
  }
  return cache
}

/** The first of these expiry times still ahead (ms), Infinity when none: when a read filtered on them changes. */
export function firstExpiry(expiries: readonly (Date | null)[]): number {
  let first = Infinity
  for (const e of expiries) if (e && e.getTime() < first) first = e.getTime()
  return first
}
