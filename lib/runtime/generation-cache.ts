// The one cache of database-derived values: an entry is served while none of the tables its read
// touched has moved (invalidation.ts), so nothing is served across a write this process could know
// of — its own at once, any other process's from its next request (the change-stamp check runs
// before anything cached is read). Which tables a read touched is noted while it runs (the Prisma
// extension and the fast reads name their model; raw SQL counts as every table), so no cache names
// its tables by hand and none can forget one. No TTL stands in for correctness: values that a clock
// changes (rows filtered by an expiry) pass `until`, the first moment the read would differ. A value
// is kept only if none of its tables moved while the read ran: a read that straddled a write is
// served to its caller, never kept. Concurrent misses of one key share one load (single flight) while
// nothing at all moved since it began.
import {
  generation,
  generationAt,
  generationOf,
  noteReadSet,
  readingTables,
  snapshot,
  type ReadSet,
} from './invalidation'
import { processState } from '../util/process-state'

export interface GenerationCache<K, V> {
  /** The value kept, if none of the tables it was read from moved since. */
  get(key: K): V | undefined
  /**
   * Keeps a value read under `readUnder` (the whole database's generation taken before the read),
   * unless anything moved since: for values computed outside `read`, whose tables are not known.
   */
  set(readUnder: number, key: K, value: V, until?: number): void
  /**
   * The kept value, else `load()`'s, kept with the tables it read; `untilOf` gives the moment a
   * value read now stops being true (an expiry the read filtered on).
   */
  read(key: K, load: () => Promise<V>, untilOf?: (value: V) => number): Promise<V>
}

interface Entry<V> {
  value: V
  until: number
  read: ReadSet
  version: number
  /** Served since the last sweep (a sweep keeps only these: the clock algorithm's reference bit). */
  used: boolean
}
interface Loading<V> {
  began: number
  done: Promise<{ value: V; read: ReadSet }>
}

/** The size below which a cache is never swept for stale values. */
const SWEEP_MIN = 1024

const EVERYTHING: ReadSet = Object.freeze({ tables: new Set<string>(), all: true })

export function generationCache<K, V>(name: string, maxEntries = 20_000): GenerationCache<K, V> {
  const state = processState(`generation-cache.${name}`, () => ({
    map: new Map<K, Entry<V>>(),
    loading: new Map<K, Loading<V>>(),
    sweepAt: SWEEP_MIN,
  }))
  const keep = (key: K, entry: Entry<V>) => {
    if (state.map.size >= state.sweepAt) {
      // Dropped: values a write made stale, and values nobody asked for since the last sweep. A
      // stale value is never served again, but its key may never be asked for again either (a
      // deleted group's id); and a value keyed by its row's version (groups.detail: id, updatedAt,
      // path) is never stale at all once its row is gone. Under the soak's create-then-delete load
      // such entries grew by ~500 a minute per cache and process toward the 20,000 cap, and V8's
      // heap with them. Sweeping when the map has doubled since the last sweep keeps the cost per
      // kept value constant; what stays is what was read in between (about the working set).
      const now = Date.now()
      for (const [k, e] of state.map) {
        if (!e.used || e.until <= now || generationOf(e.read) !== e.version) state.map.delete(k)
        else e.used = false
      }
      if (state.map.size >= maxEntries) state.map.clear()
      state.sweepAt = Math.min(maxEntries, Math.max(SWEEP_MIN, 2 * state.map.size))
    }
    state.map.set(key, entry)
  }
  const cache: GenerationCache<K, V> = {
    get(key) {
      const hit = state.map.get(key)
      if (!hit) return undefined
      if (hit.until > Date.now() && generationOf(hit.read) === hit.version) {
        hit.used = true
        noteReadSet(hit.read)
        return hit.value
      }
      state.map.delete(key)
      return undefined
    },
    set(readUnder, key, value, until = Infinity) {
      if (readUnder !== generation()) return
      keep(key, { value, until, read: EVERYTHING, version: readUnder, used: false })
    },
    read(key, load, untilOf) {
      const hit = cache.get(key)
      if (hit !== undefined) return Promise.resolve(hit)
      const pending = state.loading.get(key)
      if (pending && pending.began === generation()) return pending.done.then(served)
      const before = snapshot()
      const { read, done: loaded } = readingTables(load)
      const done = loaded.then(
        (value) => {
          if (state.loading.get(key) === loading) state.loading.delete(key)
          const version = generationOf(read)
          if (version === generationAt(before, read))
            keep(key, { value, until: untilOf?.(value) ?? Infinity, read, version, used: false })
          return { value, read }
        },
        (err: unknown) => {
          if (state.loading.get(key) === loading) state.loading.delete(key)
          throw err
        },
      )
      const loading: Loading<V> = { began: before.generation, done }
      state.loading.set(key, loading)
      return done.then(served)
    },
  }
  return cache
}

/** A shared load's value, its tables noted for the fill (if any) its caller is part of. */
function served<V>({ value, read }: { value: V; read: ReadSet }): V {
  noteReadSet(read)
  return value
}

/** The first of these expiry times still ahead (ms), Infinity when none: when a read filtered on them changes. */
export function firstExpiry(expiries: readonly (Date | null)[]): number {
  let first = Infinity
  for (const e of expiries) if (e && e.getTime() < first) first = e.getTime()
  return first
}
