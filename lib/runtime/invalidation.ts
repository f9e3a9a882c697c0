// The write generation: one number per process that moves whenever the database may have changed.
// It moves on every write this process sends (lib/db/client.ts calls `noteLocalWrite` after the
// statement or the transaction returns, before any answer is sent) and whenever the per-request
// check (lib/db/change-check.ts `syncChanges`) sees that the database's change stamp moved — which
// every committed write to a table caches derive from moves inside its own transaction (triggers).
// Every per-process cache of database rows lives for one generation (generation-cache.ts), so a
// request never reads a cache filled before a write it could know of.
import { counter, processState } from './state'

const g = processState('runtime.invalidation', () => ({ resets: new Map<string, () => void>(), local: 0, foreign: 0 }))
const foreign = counter('app_foreign_changes_total', 'Times the change stamp moved (a write of this or another process) and this process dropped its caches.')
const local = counter('app_db_writes_total', 'Writes this process sent, plus one per committed transaction and raw statement.')

/** Writes this process sent (the generation also moves on others' commits). */
export const localWriteCount = (): number => g.local

/** The current generation: a cache entry filled under another one is never served. */
export const generation = (): number => g.local + g.foreign

/** A write of this process returned (it is committed, or will be with its transaction). */
export function noteLocalWrite(): void {
  g.local++
  local.inc()
}

/** The change stamp moved: a write committed somewhere (this process included). */
export function foreignChange(): void {
  g.foreign++
  foreign.inc()
  for (const reset of g.resets.values()) reset()
}

/**
 * Registers (or replaces: one per name) what to free when the stamp moves — memory only: a cache
 * whose keys already make it exact (projects' JSON by updatedAt) registers here to stay small.
 */
export function onForeignChange(name: string, reset: () => void): void {
  g.resets.set(name, reset)
}
