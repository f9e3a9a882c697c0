// One PrismaClient per process for the configured provider. Both generated clients come from the same
// models, so the SQLite client's type is the common one (the stricter API: no PostgreSQL-only options).
import type { PrismaClient } from './generated/sqlite/client'
import { providerOf, sqlitePath } from './migrate'
import { counter } from '../util/process-state'
import { scopedContext } from '../runtime/scoped-context'
import { generation, isReading, noteLocalWrite, noteRead } from '../runtime/invalidation'
import { tableOf, tablesInSql, tablesOf } from './model-map'
import { CHANGELESS, readDependency } from './change-stamp'
import { changeCheckRunning, syncChanges } from './change-check'
import { config } from '../config'
import { writeLockStats } from './write-lock-stats'

export type Db = PrismaClient

// DB_COUNT_QUERIES=1 counts every query the client sends (tests use it to prove there is no N+1).
const counting = () => config().testing.countQueries
const queries = counter('app_db_queries_total', 'Queries this process sent (counted only with DB_COUNT_QUERIES=1).')
export const queryCount = () => queries.value()
/** Counts a round trip made outside Prisma (fast-read.ts), when DB_COUNT_QUERIES=1. */
export const countQuery = () => {
  if (counting()) queries.inc()
}
/** A statement Prisma sent (DB_COUNT_QUERIES=1 only): its SQL and its parameters as JSON. */
export interface SentQuery {
  query: string
  params: string
}
const watchers = new Set<(q: SentQuery) => void>()
/** Calls `watch` with every statement Prisma sends until the returned function is called (DB_COUNT_QUERIES=1 only). */
export function watchQueries(watch: (q: SentQuery) => void): () => void {
  if (!counting()) throw new Error('watchQueries needs DB_COUNT_QUERIES=1')
  watchers.add(watch)
  return () => watchers.delete(watch)
}
const logOption = () => (counting() ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {})
const WRITES = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
])
const RAW_WRITES = new Set(['$executeRaw', '$executeRawUnsafe'])
const RAW_READS = new Set(['$queryRaw', '$queryRawUnsafe'])
/**
 * The whole database's generation: moves on every write this process sends and whenever the change
 * stamp shows a commit (change-check.ts). Values kept from outside a tracked read (whole API answers)
 * live for one; the others keep the tables they read (runtime/generation-cache.ts).
 */
export const writeGeneration = generation

/** Set while a `$transaction` runs: its writes are looked up in the change stamp at its commit. */
const inTransaction = scopedContext<true>('db.client.inTransaction')

/** An updateMany/deleteMany that matched nothing wrote nothing (queue polls run those all day). */
const wroteSomething = (result: unknown) =>
  !(result && typeof result === 'object' && 'count' in result && result.count === 0)

function withWriteGeneration<T extends { $extends: (ext: object) => unknown }>(db: T): T {
  const extended = db.$extends({
    query: {
      $allModels: {
        async $allOperations({
          model,
          operation,
          args,
          query,
        }: {
          model?: string
          operation: string
          args: unknown
          query: (a: unknown) => Promise<unknown>
        }) {
          // A cache being filled depends on every table this operation may read.
          if (isReading()) {
            if (model) for (const t of tablesOf(model, args)) noteRead(readDependency(t))
            else noteRead(undefined)
          }
          const result = await query(args)
          // Queue heartbeats and claims do not: nothing cached reads those tables (change-stamp.ts).
          if (WRITES.has(operation) && !(model && CHANGELESS.has(model)) && wroteSomething(result)) {
            noteLocalWrite(model && tableOf(model))
            // Nested writes and cascades changed other tables too: the stamp names them all. Inside
            // a transaction that happens at its commit.
            if (!inTransaction.getStore()) await afterCommit()
          }
          return result
        },
      },
    },
  }) as T & { $transaction: (...args: unknown[]) => Promise<unknown> }
  // A read made between a write of a transaction and its commit saw the old rows and may have been
  // kept after that write moved its table: at the commit the change stamp names every table the
  // transaction wrote (raw statements included, which the extension above does not see), and they
  // move once more before the transaction's caller goes on.
  const transaction = async (...args: unknown[]) => {
    try {
      return await inTransaction.run(true, () => extended.$transaction(...args))
    } finally {
      await afterCommit()
    }
  }
  // The client's own methods ($queryRaw, $executeRaw, …) run against the client, not the proxy:
  // bound once each, not on every call. Raw writes move the generation like any other.
  const bound = new Map<string, unknown>()
  return new Proxy(extended, {
    get(target, prop) {
      if (prop === '$transaction') return transaction
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function' || typeof prop !== 'string' || !prop.startsWith('$')) return value
      let fn = bound.get(prop)
      if (!fn) {
        const method = (value as (...a: unknown[]) => unknown).bind(target)
        fn = RAW_WRITES.has(prop) ? rawWrite(method) : RAW_READS.has(prop) ? rawRead(method) : method
        bound.set(prop, fn)
      }
      return fn
    },
  })
}

/**
 * After a commit (or a raw write): the change stamp names the tables it moved (SQLite: read at once,
 * synchronously; PostgreSQL: one read). Without the check (a process that never opened the
 * database through getDb), or if it fails, every table moves.
 */
async function afterCommit(): Promise<void> {
  if (!changeCheckRunning()) {
    noteLocalWrite()
    return
  }
  try {
    await syncChanges()
  } catch {
    noteLocalWrite()
  }
}

/** A raw read: its tables are not known, so a cache it fills depends on every table. */
function rawRead(method: (...a: unknown[]) => unknown) {
  return (...a: unknown[]) => {
    if (isReading()) {
      // A cache filled with this read depends on the tables the statement names (all when unsure).
      const tables = tablesInSql(sqlText(a[0]))
      if (tables) for (const t of tables) noteRead(readDependency(t))
      else noteRead(undefined)
    }
    return method(...a)
  }
}

/** The SQL of a raw call's first argument: a string, a tagged template's strings, or a Prisma `Sql` (nested fragments already flattened into its strings). */
function sqlText(first: unknown): string {
  if (typeof first === 'string') return first
  if (Array.isArray(first)) return first.join('?')
  const strings = (first as { strings?: unknown } | null)?.strings
  return Array.isArray(strings) ? strings.join('?') : ''
}

/** A raw write: the tables it moved move when it changed rows (queue claims that took nothing did not). */
function rawWrite(method: (...a: unknown[]) => unknown) {
  return async (...a: unknown[]) => {
    const changed = (await method(...a)) as number
    if (changed !== 0) await afterCommit()
    return changed
  }
}

function countQueries(db: unknown) {
  if (counting())
    (db as { $on: (e: 'query', cb: (q: SentQuery) => void) => void }).$on('query', (q) => {
      queries.inc()
      for (const watch of watchers) watch(q)
    })
}

type SqliteFactory = { connect(): Promise<unknown> }
interface SqliteStatement {
  run: (...params: unknown[]) => unknown
}
/** better-sqlite3's statement, as far as the adapter uses it. */
interface DriverStatement extends SqliteStatement {
  reader: boolean
  columns: () => unknown[]
  raw: (on?: boolean) => DriverStatement
  all: (...params: unknown[]) => unknown[]
}
interface SqliteDriver {
  prepare: (sql: string) => DriverStatement
  pragma: (source: string) => unknown
}

/** Distinct statements kept prepared per connection (the adapter's SQL varies little: one per query shape). */
const MAX_PREPARED = 1000

/**
 * The adapter prepares every query afresh (`client.prepare(sql).bind(args)`): SQLite parses and plans
 * it each time, the largest single cost of a write request in a profile. Statements are kept per SQL
 * text instead; since better-sqlite3 binds a statement once for good, `bind` here returns a view that
 * passes the arguments to each call. The adapter calls it synchronously and reads the result at once,
 * so one statement never serves two queries at the same time.
 */
function preparedOnce(prepare: (sql: string) => DriverStatement) {
  const kept = new Map<string, DriverStatement>()
  const columnsOf = new WeakMap<DriverStatement, unknown[]>()
  return (sql: string) => {
    let stmt = kept.get(sql)
    if (!stmt) {
      if (kept.size >= MAX_PREPARED) kept.clear()
      stmt = prepare(sql)
      kept.set(sql, stmt)
    }
    const st = stmt
    return {
      bind: (args: unknown[]) => ({
        reader: st.reader,
        run: () => st.run(args),
        // Built afresh by the driver on every call (an object per column): kept with the statement.
        columns: () => columnsOf.get(st) ?? columnsOf.set(st, st.columns()).get(st),
        raw: () => ({ all: () => st.raw(true).all(args) }),
      }),
      run: () => st.run(),
    }
  }
}
interface SqliteTransaction {
  commit(): Promise<void>
  rollback(): Promise<void>
}
interface SqliteAdapter {
  client: SqliteDriver
  startTransaction(isolationLevel?: string): Promise<SqliteTransaction>
  queryRaw(query: unknown): Promise<unknown>
  executeRaw(query: unknown): Promise<unknown>
}

/** How long a write waits for another process's write lock before it fails (SQLite's busy_timeout was 5 s). */
const WRITE_LOCK_WAIT_MS = 5000

/** SQLITE_BUSY itself (another connection holds the write lock), as the driver or the adapter reports it. */
function isBusy(e: unknown): boolean {
  const err = e as { code?: string; cause?: { originalCode?: string } } | null
  return err?.code === 'SQLITE_BUSY' || err?.cause?.originalCode === 'SQLITE_BUSY'
}

/**
 * Runs `attempt` until it does not meet a held write lock, waiting between tries without blocking
 * the event loop: SQLite's own busy handler sleeps inside the call (1, 2, 5, 10 … ms), and a process
 * asleep there answers no request at all. A statement refused with SQLITE_BUSY changed nothing, so
 * trying it again is safe.
 */
export async function whileBusy<T>(attempt: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + WRITE_LOCK_WAIT_MS
  for (let tries = 0; ; tries++) {
    try {
      return await attempt()
    } catch (e) {
      if (!isBusy(e) || Date.now() > deadline) throw e
      // The holder commits within a fraction of a millisecond as a rule: look again at once a few
      // times, then every millisecond.
      await new Promise<void>((resolve) => (tries < 4 ? setImmediate(resolve) : setTimeout(resolve, 1)))
    }
  }
}

/**
 * The adapter's connection, set up on the driver when Prisma first connects (the first query), not
 * through Prisma: a query through Prisma before the port opens would make start-up pay for its
 * WebAssembly query compiler (≈ 100 ms).
 * - WAL lets readers run beside the writer.
 * - Transactions begin IMMEDIATE (the adapter sends a plain, deferred BEGIN). A deferred
 *   transaction that reads first and writes later must upgrade its read snapshot to the write lock;
 *   if another process committed in between, SQLite refuses at once with SQLITE_BUSY_SNAPSHOT
 *   (Prisma's "Operation has timed out"). Seen with several processes on one file: a member created
 *   while another process imported. IMMEDIATE takes the write lock at BEGIN.
 * - Waiting for another process's write lock happens here, asynchronously (`whileBusy`), not in
 *   SQLite's busy handler (busy_timeout 0): transactions of this process queue in order for their
 *   turn, BEGIN IMMEDIATE is tried until the lock is free, and a statement outside a transaction is
 *   tried again the same way. (The adapter as shipped also never released its transaction mutex
 *   when BEGIN failed: one lock wait past busy_timeout stopped every later transaction of the process.)
 */
export function sqliteConnection<F extends SqliteFactory>(factory: F): F {
  const connect = factory.connect.bind(factory)
  factory.connect = async () => {
    const adapter = (await connect()) as SqliteAdapter
    const client = adapter.client
    client.pragma('journal_mode = WAL')
    client.pragma('busy_timeout = 0')
    client.pragma('synchronous = NORMAL')
    const prepare = client.prepare.bind(client)
    const begin = prepare('BEGIN IMMEDIATE')
    // The adapter's own BEGIN: the transaction has begun already (below), when it sends it.
    const begun = { run: () => ({ changes: 0 }) }
    const kept = preparedOnce(prepare)
    ;(client as { prepare: (sql: string) => unknown }).prepare = (sql: string) => (sql === 'BEGIN' ? begun : kept(sql))

    const startTransaction = adapter.startTransaction.bind(adapter)
    const stats = writeLockStats()
    let queue: Promise<void> = Promise.resolve()
    adapter.startTransaction = async (isolationLevel) => {
      const queuedAt = performance.now()
      let release!: () => void
      const mine = new Promise<void>((resolve) => (release = resolve))
      const before = queue
      queue = before.then(() => mine)
      await before
      const turnAt = performance.now()
      let began = false
      try {
        await whileBusy(() => begin.run())
        began = true
        const lockedAt = performance.now()
        const caller = stats?.caller()
        const tx = await startTransaction(isolationLevel)
        const end = (finish: () => Promise<void>) => () =>
          finish().finally(() => {
            if (stats) stats.record(caller!, queuedAt, turnAt, lockedAt)
            release()
          })
        tx.commit = end(tx.commit.bind(tx))
        tx.rollback = end(tx.rollback.bind(tx))
        return tx
      } catch (e) {
        if (began) prepare('ROLLBACK').run()
        release()
        throw e
      }
    }
    const queryRaw = adapter.queryRaw.bind(adapter)
    const executeRaw = adapter.executeRaw.bind(adapter)
    adapter.queryRaw = (query) => whileBusy(() => queryRaw(query))
    adapter.executeRaw = (query) => whileBusy(() => executeRaw(query))
    return adapter
  }
  return factory
}

export async function createDb(url: string): Promise<Db> {
  if (providerOf(url) === 'sqlite') {
    const [{ PrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([
      import('./generated/sqlite/client'),
      import('@prisma/adapter-better-sqlite3'),
    ])
    // A transaction waits for another process's write lock as long as a statement does (whileBusy),
    // not Prisma's default 2 s: past that a write under load is refused (503) that would have passed.
    const db = new PrismaClient({
      adapter: sqliteConnection(new PrismaBetterSqlite3({ url: `file:${sqlitePath(url)}` })),
      transactionOptions: { maxWait: WRITE_LOCK_WAIT_MS },
      ...logOption(),
    })
    countQueries(db)
    return withWriteGeneration(db)
  }
  const [{ PrismaClient }, { PrismaPg }] = await Promise.all([
    import('./generated/postgresql/client'),
    import('@prisma/adapter-pg'),
  ])
  const db = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: config().databasePoolSize }),
    ...logOption(),
  })
  countQueries(db)
  return withWriteGeneration(db) as unknown as Db
}
