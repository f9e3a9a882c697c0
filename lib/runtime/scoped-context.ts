// An AsyncLocalStorage that costs nothing while none of its runs is in flight. On Node 20 a storage
// that has run once keeps async hooks (a promise hook on every promise the process makes) enabled
// for good: measured ~15 % of the API's read throughput, paid by every request although contexts
// are only wanted around cache fills and transactions, which a steady read load rarely makes. So
// runs are counted, and when the last one settles the storage is disabled, which turns the hooks
// off again (Node disables them once no storage is enabled). Nothing in flight needs the context
// then: a run's own promises were all created while it was enabled, and a run begun later enables
// it again before creating any.
import { AsyncLocalStorage } from 'node:async_hooks'
import { processState } from '../util/process-state'

export interface ScopedContext<T> {
  /** Runs `fn` with `store` as the context of everything it awaits. */
  run<R>(store: T, fn: () => Promise<R>): Promise<R>
  /** The store of the run under way in this async context, if any. */
  getStore(): T | undefined
}

/** One per process (state.ts): both bundles' modules must see the same storage. */
export function scopedContext<T>(name: string): ScopedContext<T> {
  const s = processState(`runtime.scoped-context.${name}`, () => ({ storage: new AsyncLocalStorage<T>(), running: 0 }))
  const settled = () => {
    if (--s.running === 0) s.storage.disable()
  }
  return {
    run<R>(store: T, fn: () => Promise<R>): Promise<R> {
      s.running++
      let done: Promise<R>
      try {
        done = s.storage.run(store, fn)
      } catch (err) {
        settled()
        throw err
      }
      return done.finally(settled)
    },
    getStore: () => (s.running === 0 ? undefined : s.storage.getStore()),
  }
}
