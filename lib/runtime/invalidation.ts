// Cross-process invalidation, the process side: lib/db/change-stamp.ts notices that another process
// committed writes and calls `foreignChange()`; every per-process cache derived from the database
// registers a reset here. `epoch()` lets a cache refuse a value whose load began before a reset
// (the load may have read the rows the other process was replacing).
import { counter, processState } from './state'

const g = processState('runtime.invalidation', () => ({ resets: new Map<string, () => void>() }))
const epochs = counter('app_foreign_changes_total', "Times another process's writes made this process drop its caches.")

/** Registers (or replaces: one reset per name) what to drop when another process changed the database. */
export function onForeignChange(name: string, reset: () => void): void {
  g.resets.set(name, reset)
}

export function foreignChange(): void {
  epochs.inc()
  for (const reset of g.resets.values()) reset()
}

/** Advances on every foreign change: a cache fill that began in an older epoch is not kept. */
export const epoch = () => epochs.value()
