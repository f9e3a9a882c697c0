// One PrismaClient per process for the configured provider. Both generated clients come from the same
// models, so the SQLite client's type is the common one (the stricter API: no PostgreSQL-only options).
import type { PrismaClient } from './generated/sqlite/client'
import { providerOf, sqlitePath } from './migrate'
import { counter } from '../runtime/state'
import { epoch } from '../runtime/invalidation'
import { noteWrite } from './change-stamp'

export type Db = PrismaClient

// DB_COUNT_QUERIES=1 counts every query the client sends (tests use it to prove there is no N+1).
const counting = () => process.env.DB_COUNT_QUERIES === '1'
const queries = counter('app_db_queries_total', 'Queries this process sent (counted only with DB_COUNT_QUERIES=1).')
export const queryCount = () => queries.value()
/** Counts a round trip made outside Prisma (fast-read.ts), when DB_COUNT_QUERIES=1. */
export const countQuery = () => {
  if (counting()) queries.inc()
}
const logOption = () => (counting() ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {})
const WRITES = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany'])
const writes = counter('app_db_writes_total', 'Writes this process sent through Prisma, plus one per committed transaction that wrote.')
/**
 * Moves on every write through Prisma in this process and on every other process's commit seen by
 * the change stamp: derived caches (counts) key on it.
 */
export const writeGeneration = () => writes.value() + epoch()

/** An updateMany/deleteMany that matched nothing wrote nothing (queue polls run those all day). */
const wroteSomething = (result: unknown) => !(result && typeof result === 'object' && 'count' in result && result.count === 0)

function withWriteGeneration<T extends { $extends: (ext: object) => unknown }>(db: T): T {
  const extended = db.$extends({
    query: {
      $allModels: {
        async $allOperations({ operation, args, query }: { operation: string; args: unknown; query: (a: unknown) => Promise<unknown> }) {
          const result = await query(args)
          if (WRITES.has(operation) && wroteSomething(result)) {
            writes.inc()
            noteWrite()
          }
          return result
        },
      },
    },
  }) as T & { $transaction: (...args: unknown[]) => Promise<unknown> }
  // A bump sent while a transaction is open may land before its commit (PostgreSQL runs it on
  // another connection): bump once more when a transaction that wrote has committed. The same for
  // this process's generation: a read made between a write and the commit saw the old rows and may
  // have been kept under the generation that write moved to.
  const transaction = async (...args: unknown[]) => {
    const before = writes.value()
    const result = await extended.$transaction(...args)
    if (writes.value() !== before) {
      writes.inc()
      noteWrite()
    }
    return result
  }
  // The client's own methods ($queryRaw, $executeRaw, …) run against the client, not the proxy:
  // bound once each, not on every call.
  const bound = new Map<string, unknown>()
  return new Proxy(extended, {
    get(target, prop) {
      if (prop === '$transaction') return transaction
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function' || typeof prop !== 'string' || !prop.startsWith('$')) return value
      let fn = bound.get(prop)
      if (!fn) bound.set(prop, (fn = (value as (...a: unknown[]) => unknown).bind(target)))
      return fn
    },
  })
}

// The change stamp's poll and bumps (change-stamp.ts) run on a timer, not for a request: counting
// them would let a poll that happens to land in a measured window look like a request's query.
const background = (sql: string) => sql.includes('"ChangeStamp"')

function countQueries(db: unknown) {
  if (counting())
    (db as { $on: (e: 'query', cb: (e: { query: string }) => void) => void }).$on('query', (e) => {
      if (!background(e.query)) queries.inc()
    })
}

type SqliteFactory = { connect(): Promise<unknown> }
interface SqliteDriver {
  prepare: (sql: string) => unknown
  pragma: (source: string) => unknown
}

/**
 * The adapter's connection, set up on the driver when Prisma first connects (the first query), not
 * through Prisma: a query through Prisma before the port opens would make start-up pay for its
 * WebAssembly query compiler (≈ 100 ms).
 * - WAL lets readers run beside the writer; busy_timeout makes concurrent writers wait instead of
 *   failing.
 * - Transactions begin IMMEDIATE (the adapter sends a plain, deferred BEGIN). A deferred
 *   transaction that reads first and writes later must upgrade its read snapshot to the write lock;
 *   if another process committed in between, SQLite refuses at once with SQLITE_BUSY_SNAPSHOT
 *   (Prisma's "Operation has timed out"), without waiting out busy_timeout. Seen with several
 *   processes on one file: a member created while another process imported. IMMEDIATE takes the
 *   write lock at BEGIN, where busy_timeout applies.
 */
export function sqliteConnection<F extends SqliteFactory>(factory: F): F {
  const connect = factory.connect.bind(factory)
  factory.connect = async () => {
    const adapter = await connect()
    const client = (adapter as { client: SqliteDriver }).client
    client.pragma('journal_mode = WAL')
    client.pragma('busy_timeout = 5000')
    client.pragma('synchronous = NORMAL')
    const prepare = client.prepare.bind(client)
    client.prepare = (sql: string) => prepare(sql === 'BEGIN' ? 'BEGIN IMMEDIATE' : sql)
    return adapter
  }
  return factory
}

export async function createDb(url: string): Promise<Db> {
  if (providerOf(url) === 'sqlite') {
    const [{ PrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([import('./generated/sqlite/client'), import('@prisma/adapter-better-sqlite3')])
    const db = new PrismaClient({ adapter: sqliteConnection(new PrismaBetterSqlite3({ url: `file:${sqlitePath(url)}` })), ...logOption() })
    countQueries(db)
    return withWriteGeneration(db)
  }
  const [{ PrismaClient }, { PrismaPg }] = await Promise.all([import('./generated/postgresql/client'), import('@prisma/adapter-pg')])
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }), ...logOption() })
  countQueries(db)
  return withWriteGeneration(db) as unknown as Db
}
