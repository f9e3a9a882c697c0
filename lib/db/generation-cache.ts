// Per-process caches whose entries live for one write generation (client.ts `writeGeneration`: any
// write in this process, a committed transaction that wrote, or another process's commit seen by the
// change stamp moves it). Nothing is served across a change and no TTL is needed, so a hot request
// can read only its keys and take the rest from here. A value is kept only if the generation it was
// read under is still the current one: a read that straddled a write is served once, not kept.
// Rows filtered by time (links that expire) pass `until`, the first moment the read would differ.
import { processState } from '../runtime/state'
import { writeGeneration } from './client'

export interface GenerationCache<K, V> {
  /** The value kept under the current generation. */
  get(key: K): V | undefined
  /** Keeps a value read under `generation` (taken before the read), unless a write moved it since. */
  set(generation: number, key: K, value: V, until?: number): void
  /**
   * The kept value, else `load()`'s, kept under the generation taken before it ran; `untilOf` gives
   * the moment a value read now stops being true (an expiry the read filtered on).
   */
  read(key: K, load: () => Promise<V>, untilOf?: (value: V) => number): Promise<V>
}

export function generationCache<K, V>(name: string, maxEntries = 20_000): GenerationCache<K, V> {
  const state = processState(`generation-cache.${name}`, () => ({ generation: -1, map: new Map<K, { value: V; until: number }>() }))
  const current = (generation: number) => {
    if (state.generation !== generation) {
      state.generation = generation
      state.map.clear()
    }
    return state.map
  }
  const cache: GenerationCache<K, V> = {
    get(key) {
      const hit = current(writeGeneration()).get(key)
      return hit && hit.until > Date.now() ? hit.value : undefined
    },
    set(generation, key, value, until = Infinity) {
      if (generation !== writeGeneration()) return
      const map = current(generation)
      if (map.size >= maxEntries) map.clear()
      map.set(key, { value, until })
    },
    async read(key, load, untilOf) {
      const hit = cache.get(key)
      if (hit !== undefined) return hit
      const generation = writeGeneration()
      const value = await load()
      cache.set(generation, key, value, untilOf?.(value))
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
