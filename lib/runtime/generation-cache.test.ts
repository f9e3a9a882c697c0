// The cache keeps a value with the tables its read touched and serves it until one of them moves.
import { describe, expect, it } from 'vitest'
import { generationCache } from './generation-cache'
import { foreignChange, generation, noteLocalWrite, noteRead } from './invalidation'
import { processState } from '../util/process-state'

let n = 0
const fresh = <V>() => generationCache<string, V>(`test-${++n}`)

/** A fresh cache and its process slot, to see how many values it holds. */
function withSlot<V>() {
  const name = `test-${++n}`
  const cache = generationCache<string, V>(name)
  const state = processState<{ map: Map<string, unknown> }>(`generation-cache.${name}`, () => {
    throw new Error('the cache made its slot')
  })
  return { cache, state }
}

/** A load that reads `tables` (undefined: unknown tables) and counts its runs. */
function counted(tables: (string | undefined)[]) {
  const loader = {
    runs: 0,
    load: async () => {
      loader.runs++
      for (const t of tables) noteRead(t)
      await Promise.resolve()
      return loader.runs
    },
  }
  return loader
}

describe('generationCache', () => {
  it('keeps a value across writes to tables its read did not touch, and drops it on a write to one it did', async () => {
    const cache = fresh<number>()
    const l = counted(['A', 'B'])
    expect(await cache.read('k', l.load)).toBe(1)
    noteLocalWrite('C')
    foreignChange(['D'])
    expect(await cache.read('k', l.load)).toBe(1)
    noteLocalWrite('B')
    expect(await cache.read('k', l.load)).toBe(2)
    foreignChange(['A', 'Z'])
    expect(await cache.read('k', l.load)).toBe(3)
    expect(cache.get('k')).toBe(3)
  })

  it('drops every value on a write whose tables are unknown, and a value read from unknown tables on any write', async () => {
    const cache = fresh<number>()
    const named = counted(['A'])
    const raw = counted([undefined])
    await cache.read('named', named.load)
    await cache.read('raw', raw.load)
    noteLocalWrite('Q')
    expect(cache.get('named')).toBe(1)
    expect(cache.get('raw')).toBeUndefined()
    await cache.read('raw', raw.load)
    foreignChange()
    expect(cache.get('named')).toBeUndefined()
    expect(cache.get('raw')).toBeUndefined()
  })

  it('makes a fill depend on the tables of the cached values it was served', async () => {
    const inner = fresh<number>()
    const outer = fresh<number>()
    const innerLoad = counted(['Inner'])
    await inner.read('i', innerLoad.load)
    let outerRuns = 0
    const outerLoad = async () => {
      outerRuns++
      noteRead('Outer')
      return (await inner.read('i', innerLoad.load)) * 10 // a hit: no read of Inner noted by the load itself
    }
    expect(await outer.read('o', outerLoad)).toBe(10)
    noteLocalWrite('Inner')
    expect(await outer.read('o', outerLoad)).toBe(20)
    expect(outerRuns).toBe(2)
  })

  it('does not keep a value whose tables moved while it was read, but keeps one when other tables moved', async () => {
    const cache = fresh<number>()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const slow = async () => {
      noteRead('A')
      await gate
      return 1
    }
    const straddled = cache.read('k', slow)
    noteLocalWrite('A')
    release()
    expect(await straddled).toBe(1) // served to its caller…
    expect(cache.get('k')).toBeUndefined() // …never kept

    let release2!: () => void
    const gate2 = new Promise<void>((r) => (release2 = r))
    const other = cache.read('k2', async () => {
      noteRead('A')
      await gate2
      return 2
    })
    noteLocalWrite('B')
    release2()
    expect(await other).toBe(2)
    expect(cache.get('k2')).toBe(2)
  })

  it('shares a load between concurrent misses, but not with a miss that came after a write', async () => {
    const cache = fresh<number>()
    let runs = 0
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const load = async () => {
      runs++
      noteRead('A')
      await gate
      return runs
    }
    const first = cache.read('k', load)
    const joined = cache.read('k', load)
    noteLocalWrite('Elsewhere')
    const after = cache.read('k', load)
    release()
    expect(await first).toBe(2) // both loads ran before either finished: runs is 2 by then
    expect(await joined).toBe(2)
    expect(await after).toBe(2)
    expect(runs).toBe(2)
  })

  it('keeps a value set from outside a read for the whole database only', () => {
    const cache = fresh<string>()
    cache.set(generation(), 'k', 'v')
    expect(cache.get('k')).toBe('v')
    noteLocalWrite('Unrelated')
    expect(cache.get('k')).toBeUndefined()
  })

  it('drops values a write made stale before it grows, so keys never asked for again do not pile up', async () => {
    const { cache, state } = withSlot<number>()
    const live = counted(['Live'])
    await cache.read('live', live.load)
    // Five rounds of 2,000 values of rows then deleted (as groups made and deleted under load).
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 2000; i++) {
        await cache.read(`${round}:${i}`, counted(['Gone']).load)
        if (i % 500 === 0) await cache.read('live', live.load)
      }
      noteLocalWrite('Gone')
    }
    expect(state.map.size).toBeLessThanOrEqual(4096)
    expect(cache.get('live')).toBe(1)
    expect(live.runs).toBe(1)
  })

  it('drops values nobody read since the last sweep, though no write made them stale (keyed by a row version)', async () => {
    const { cache, state } = withSlot<number>()
    const hot = counted(['Shares'])
    await cache.read('hot', hot.load)
    // 10,000 values of rows made and deleted (groups.detail keys a group by id and updatedAt and
    // reads only the shares table, which nothing writes): none is stale, none is asked for again.
    for (let i = 0; i < 10_000; i++) {
      await cache.read(`row:${i}`, counted(['Shares']).load)
      if (i % 500 === 0) await cache.read('hot', hot.load)
    }
    expect(state.map.size).toBeLessThanOrEqual(2048)
    expect(cache.get('hot')).toBe(1)
    expect(hot.runs).toBe(1)
  })
})
