// The write generation: numbers per process that move whenever the database may have changed, one
// per table and one for the whole database. They move on every write this process sends (lib/db/client.ts
// calls `noteLocalWrite` with the model it wrote, before any answer is sent) and whenever the
// per-request check (lib/db/change-check.ts `syncChanges`) sees that the change stamp moved — which
// every committed write to a table caches derive from moves inside its own transaction (triggers),
// naming the tables it wrote (TableChange).
// Every per-process cache of database rows keeps a value with the tables its read touched (noted here
// by the Prisma extension and the fast reads while the read runs) and serves it while none of those
// tables moved (generation-cache.ts): a write to projects leaves the token and settings caches alone.
// A read whose tables are unknown (raw SQL) depends on every table.
import { scopedContext } from './scoped-context'
import { counter, processState } from '../util/process-state'

const g = processState('runtime.invalidation', () => ({
  resets: new Map<string, () => void>(),
  local: 0,
  foreign: 0,
  /** Moves per table (local writes and foreign commits alike). */
  tables: new Map<string, number>(),
  /** Moves of unknown tables: every table's value includes it. */
  any: 0,
}))
const foreign = counter(
  'app_foreign_changes_total',
  'Times the change stamp moved (a write of this or another process) and this process dropped what it had cached from the tables it names.',
)
const local = counter(
  'app_db_writes_total',
  'Writes this process sent, plus one per committed transaction and raw statement.',
)

/** Writes this process sent (the generation also moves on others' commits). */
export const localWriteCount = (): number => g.local

/** The whole database's generation: moves with any write. */
export const generation = (): number => g.local + g.foreign

/** What a read touched: named tables, or everything (a read whose tables are unknown). */
export interface ReadSet {
  tables: Set<string>
  all: boolean
}

/**
 * The generation of the tables a read touched: the sum of their counters (and the unknown-table
 * counter), which only grow, so it is unchanged exactly when none of them moved.
 */
export function generationOf(read: ReadSet): number {
  if (read.all) return generation()
  let sum = g.any
  for (const t of read.tables) sum += g.tables.get(t) ?? 0
  return sum
}

/** The counters now, to tell after a read whether any table it touched moved while it ran. */
export interface Snapshot {
  generation: number
  any: number
  tables: Map<string, number>
}
export const snapshot = (): Snapshot => ({ generation: generation(), any: g.any, tables: new Map(g.tables) })

/** `generationOf(read)` as it was when `at` was taken. */
export function generationAt(at: Snapshot, read: ReadSet): number {
  if (read.all) return at.generation
  let sum = at.any
  for (const t of read.tables) sum += at.tables.get(t) ?? 0
  return sum
}

function moved(table: string | undefined): void {
  if (table === undefined) g.any++
  else g.tables.set(table, (g.tables.get(table) ?? 0) + 1)
}

/** A write of this process returned (it is committed, or will be with its transaction); undefined: tables unknown. */
export function noteLocalWrite(table?: string): void {
  g.local++
  moved(table)
  local.inc()
}

/** The change stamp moved: a write committed somewhere (this process included); `tables` undefined: unknown. */
export function foreignChange(tables?: Iterable<string>): void {
  g.foreign++
  if (tables) for (const t of tables) moved(t)
  else moved(undefined)
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

// One per process, not per bundle (state.ts): the console process runs Next's bundle of lib/ beside
// the server's, and a fill begun in one must see the reads the other's Prisma extension notes.
const reading = scopedContext<ReadSet>('runtime.invalidation.reading')

/** Runs `load`, noting every table it reads (and the reads of cached values it is served). */
export function readingTables<T>(load: () => Promise<T>): { read: ReadSet; done: Promise<T> } {
  const read: ReadSet = { tables: new Set(), all: false }
  return { read, done: reading.run(read, load) }
}

/** Whether a cache fill is under way in this async context (reads need noting only then). */
export const isReading = (): boolean => reading.getStore() !== undefined

/** A read of `table` (undefined: unknown tables) by whatever cache fill is under way. */
export function noteRead(table: string | undefined): void {
  const read = reading.getStore()
  if (!read || read.all) return
  if (table === undefined) read.all = true
  else read.tables.add(table)
}

/** A cached value was served inside a cache fill: the fill depends on what that value read. */
export function noteReadSet(from: ReadSet): void {
  const read = reading.getStore()
  if (!read || read === from || read.all) return
  if (from.all) read.all = true
  else for (const t of from.tables) read.tables.add(t)
}
