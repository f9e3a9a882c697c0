// The one owner of process-wide state: singletons (config, database clients, prepared-statement
// readers, logger, dispatcher, workers), caches and counters. Next's bundle and the custom
// server's bundle each contain lib/ and run in one process, and `next dev` re-evaluates modules on
// every change, so module-level variables would exist twice or be lost; state lives instead in one
// map on globalThis under a registered symbol, which both bundles and every reload see. Nothing is
// shared between processes: each process starts empty, and cross-process invalidation (version
// stamps in the database, or Redis) belongs beside this module, not in its callers.

const STATE = Symbol.for('app.runtime.state')
type Store = { slots: Map<string, unknown>; counters: Map<string, CounterState> }
interface CounterState {
  help: string
  value: number
}

const store: Store = ((globalThis as { [STATE]?: Store })[STATE] ??= {
  slots: new Map<string, unknown>(),
  counters: new Map<string, CounterState>(),
})

/**
 * The process's slot named `key`, created by `init` on first use. Keep the returned object and
 * mutate its fields (a slot is never replaced), so a reset is visible to every holder.
 * One key, one owner module: the key names the state's owner (e.g. 'db.fastReader').
 */
export function processState<T extends object>(key: string, init: () => T): T {
  let slot = store.slots.get(key) as T | undefined
  if (slot === undefined) store.slots.set(key, (slot = init()))
  return slot
}

export interface Counter {
  readonly name: string
  readonly help: string
  value(): number
  inc(by?: number): void
}

/** A process-wide monotonic counter, listed by `counters()` (and so in /-/metrics). */
export function counter(name: string, help: string): Counter {
  let c = store.counters.get(name)
  if (!c) store.counters.set(name, (c = { help, value: 0 }))
  const state = c
  return {
    name,
    help,
    value: () => state.value,
    inc: (by = 1) => void (state.value += by),
  }
}

/** Every counter registered in this process, in registration order. */
export function counters(): { name: string; help: string; value: number }[] {
  return [...store.counters].map(([name, c]) => ({ name, help: c.help, value: c.value }))
}

/** A full collection when node runs with --expose-gc (a no-op otherwise). */
export function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}
