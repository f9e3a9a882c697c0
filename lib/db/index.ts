// App-facing entry: migrate once per process, then one client for the process (in process state,
// util/process-state.ts, because the Next.js bundle and the custom server's bundle live in one process).
import { raw } from '@prisma/client/runtime/client'
import { config } from '../config'
import { createDb, type Db } from './client'
import { startChangeCheck, stopChangeCheck } from './change-check'
import { closeFastReader, fastReader, type ManyArgs } from './fast-read'
import { isUnsupported } from './where-sql'
import type {
  BroadcastMessage,
  Identity,
  Issue,
  Job,
  Member,
  PipelineSchedule,
  PipelineScheduleVariable,
  GroupGroupLink,
  BulkImport,
  Pipeline,
  ProjectGroupLink,
  RunnerManager,
  Snippet,
  SnippetVersion,
  Namespace,
  PersonalAccessToken,
  Project,
  Runner,
  User,
} from './generated/sqlite/client'
import { migrate, providerOf } from './migrate'
import { generationCache } from '../runtime/generation-cache'
import { counter, processState } from '../util/process-state'
import { logger } from '../runtime/log'

export type { Db }
export { queryCount, watchQueries, writeGeneration } from './client'
export { firstExpiry, generationCache, type GenerationCache } from '../runtime/generation-cache'
export { syncChanges, tableVersion } from './change-check'

/**
 * Moves the change stamp by hand, for a write to a table left out of it (change-stamp.ts
 * CHANGELESS) that a cache must nevertheless see at once everywhere (a failed-authentication ban).
 */
export async function announceChange(table: string): Promise<void> {
  const db = await getDb()
  // The stamp first, then the table's row takes its value: as the triggers do (change-stamp.ts).
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1`
    await tx.$executeRaw`INSERT INTO "TableChange" ("table", "version") SELECT CAST(${table} AS TEXT), "version" FROM "ChangeStamp" WHERE "id" = 1 ON CONFLICT ("table") DO UPDATE SET "version" = excluded."version"`
  })
}
export { localWriteCount } from '../runtime/invalidation'
// Model types come from here, never from ./generated (the layer rule generated-only-via-db): both
// providers' clients share them, and the SQLite client's are the common ones.
export type * from './generated/sqlite/client'

const g = processState('db.client', () => ({
  db: undefined as Promise<Db> | undefined,
  ready: undefined as Db | undefined,
}))

export function getDb(): Promise<Db> {
  return (g.db ??= (async () => {
    const url = config().databaseUrl
    await migrate(url, { log: () => {} })
    const db = await createDb(url)
    await startChangeCheck()
    g.ready = db
    return db
  })().catch((e: unknown) => {
    g.db = undefined
    throw e
  }))
}

/** The client once getDb() has resolved; hot paths use it to skip an await. */
export function readyDb(): Db | undefined {
  return g.ready
}

export async function closeDb(): Promise<void> {
  const db = g.db
  g.db = undefined
  g.ready = undefined
  await stopChangeCheck()
  await closeFastReader()
  if (db) await (await db).$disconnect()
}

interface FastModels {
  User: User
  PersonalAccessToken: PersonalAccessToken
  Namespace: Namespace
  Project: Project
  Runner: Runner
  Job: Job
  Issue: Issue
  Identity: Identity
  Pipeline: Pipeline
  BroadcastMessage: BroadcastMessage
  ProjectGroupLink: ProjectGroupLink
  RunnerManager: RunnerManager
  Snippet: Snippet
  SnippetVersion: SnippetVersion
  Member: Member
  PipelineSchedule: PipelineSchedule
  PipelineScheduleVariable: PipelineScheduleVariable
  GroupGroupLink: GroupGroupLink
  BulkImport: BulkImport
}

// Off only in tests: the same requests answered through Prisma alone must give the same bytes
// (test/integration-serial/fast-path.test.ts).
const fast = processState('db.fastReads', () => ({ on: true }))

/** Switches the prepared-statement reads off (everything through Prisma) or back on. */
export function useFastReads(on: boolean): void {
  fast.on = on
}

const prismaDelegate = (db: Db, model: keyof FastModels) => db[delegate[model]] as unknown as PrismaDelegate
interface PrismaDelegate {
  findFirst: (a: object) => Promise<unknown>
  findMany: (a: object) => Promise<unknown[]>
  groupBy: (a: object) => Promise<Record<string, unknown>[]>
}

/** Whether the database answers, through the driver (a health check must not wait for Prisma's start). */
export async function pingDatabase(): Promise<void> {
  const db = readyDb() ?? (await getDb())
  if (!fast.on) await db.$queryRawUnsafe('SELECT 1')
  else await (await fastReader(db)).ping()
}

/** A row by a unique column through a prepared statement (see fast-read.ts): the hot-path lookups. */
export async function findOneFast<M extends keyof FastModels>(
  model: M,
  column: keyof FastModels[M] & string,
  value: string | number,
): Promise<FastModels[M] | null> {
  const db = readyDb() ?? (await getDb())
  if (!fast.on)
    return (await prismaDelegate(db, model).findFirst({ where: { [column]: value } })) as FastModels[M] | null
  const row = await (await fastReader(db)).one(model, column, value)
  return (row as FastModels[M] | undefined) ?? null
}

// Reads kept for the write generation (generation-cache.ts) by their arguments: the answer of a read
// is a function of its arguments and the database, and the generation pins the database (any write
// in this process at once, another process's from the next request: docs/consistency.md). Time enters a read only
// as an argument (`expiresAt > now`), so no entry outlives what it was read for. The rows are shared
// by every caller that gets them: frozen outside production, so a caller that mutates one fails its
// tests instead of corrupting the next response.
const keptReads = generationCache<string, unknown>('db.kept-reads', 5_000)
const shareable = process.env.NODE_ENV !== 'production'

function freezeRows<T>(value: T): T {
  if (!shareable) return value
  if (Array.isArray(value)) for (const row of value) Object.freeze(row)
  else if (value && typeof value === 'object') Object.freeze(value)
  return Object.freeze(value)
}

const keptValues = new WeakSet<object>()

function kept<T>(key: string, read: () => Promise<T>): Promise<T> {
  return keptReads.read(key, async () => {
    const value = freezeRows(await read())
    if (value && typeof value === 'object') keptValues.add(value)
    return value
  }) as Promise<T>
}

/**
 * Whether this page came from a kept read: the same object for its whole generation, so what is
 * derived from it alone (a join with rows read after it) can be memoized on it.
 */
export const isKept = (value: object): boolean => keptValues.has(value)

// Typed as findOneFast/findManyFast's own (pages flow into the same generic helpers); that the rows
// are not to be changed is enforced at run time by the freeze above.

/** findOneFast, kept for the write generation: the row is shared, never to be changed. */
export function findOneKept<M extends keyof FastModels>(
  model: M,
  column: keyof FastModels[M] & string,
  value: string | number,
): Promise<FastModels[M] | null> {
  return kept(`one:${model}:${column}:${typeof value}:${value}`, () => findOneFast(model, column, value))
}

/** findManyFast, kept for the write generation: the page and its rows are shared, never to be changed. */
export function findManyKept<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<FastModels[M][]>
export function findManyKept<M extends keyof FastModels, K extends keyof FastModels[M] & string>(
  model: M,
  args: ManyArgs & { select: readonly K[] },
): Promise<Pick<FastModels[M], K>[]>
export function findManyKept<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<unknown[]> {
  return kept(`many:${model}:${JSON.stringify(args)}`, () => findManyFast(model, args))
}

/** countByFast, kept for the write generation: the map is shared, never to be changed. */
export function countByKept<M extends keyof FastModels>(
  model: M,
  by: keyof FastModels[M] & string,
  where: Record<string, unknown>,
): Promise<Map<unknown, number>> {
  return kept(`count:${model}:${by}:${JSON.stringify(where)}`, () => countByFast(model, by, where))
}

export const provider = () => providerOf(config().databaseUrl)

/** Prisma's unique-constraint violation. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === 'P2002'

/**
 * A `.catch` handler for a write whose unique index is the race-free "already taken" check: a
 * unique violation becomes the given answer, anything else is rethrown.
 */
export const uniqueAs =
  (answer: () => Error) =>
  (e: unknown): never => {
    throw isUniqueViolation(e) ? answer() : e
  }

/**
 * `{ startsWith: prefix }` as an index range: neither database uses an index for a prefix LIKE
 * (SQLite's LIKE ignores case, so its index on a BINARY column does not apply; PostgreSQL's needs a C
 * collation or pattern operators), so a startsWith reads the whole table — and, on PostgreSQL, every
 * dead row not yet vacuumed. For ASCII prefixes on columns that compare bytewise: SQLite's BINARY
 * columns and, on PostgreSQL, the traversal-id columns (COLLATE "C", migration traversal_ids_bytewise).
 */
export function prefixRange(prefix: string): { gte: string; lt: string } {
  if (!prefix) throw new Error('prefixRange needs a prefix')
  return { gte: prefix, lt: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1) }
}

/**
 * SQL: row `alias` lies in the tree of row `root` (both with a "traversalIds" column ending in "/"),
 * as the same index range as prefixRange for a column pattern: a LIKE with a column pattern reads
 * the whole table on both databases.
 */
export const inTreeOf = (alias: string, root: string) =>
  raw(
    `(${alias}."traversalIds" >= ${root}."traversalIds" AND ${alias}."traversalIds" < (substr(${root}."traversalIds", 1, length(${root}."traversalIds") - 1) || '0'))`,
  )

/** Case-insensitive substring filter on both providers (SQLite's LIKE already ignores ASCII case). */
export function containsInsensitive(s: string): { contains: string } {
  return (provider() === 'postgresql' ? { contains: s, mode: 'insensitive' } : { contains: s }) as { contains: string }
}

const delegate = {
  User: 'user',
  PersonalAccessToken: 'personalAccessToken',
  Namespace: 'namespace',
  Project: 'project',
  Runner: 'runner',
  Job: 'job',
  Issue: 'issue',
  Identity: 'identity',
  Pipeline: 'pipeline',
  BroadcastMessage: 'broadcastMessage',
  ProjectGroupLink: 'projectGroupLink',
  RunnerManager: 'runnerManager',
  Snippet: 'snippet',
  SnippetVersion: 'snippetVersion',
  Member: 'member',
  PipelineSchedule: 'pipelineSchedule',
  PipelineScheduleVariable: 'pipelineScheduleVariable',
  GroupGroupLink: 'groupGroupLink',
  BulkImport: 'bulkImport',
} as const

const fallbacks = counter(
  'app_db_fast_read_fallbacks_total',
  'findManyFast calls whose filter where-sql.ts could not translate, run through Prisma instead.',
)

/**
 * findMany through a prepared statement when the filter is in where-sql.ts's subset (the hot
 * lists), through Prisma otherwise: same arguments, same rows. A fallback is never silent: it is
 * logged with the reason and counted in /-/metrics, so a hot list that left the subset shows.
 */
export async function findManyFast<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<FastModels[M][]>
export async function findManyFast<M extends keyof FastModels, K extends keyof FastModels[M] & string>(
  model: M,
  args: ManyArgs & { select: readonly K[] },
): Promise<Pick<FastModels[M], K>[]>
export async function findManyFast<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<unknown[]> {
  const db = readyDb() ?? (await getDb())
  const viaPrisma = () => {
    const { select, fallback: _fallback, ...rest } = args
    return prismaDelegate(db, model).findMany(
      select ? { ...rest, select: Object.fromEntries(select.map((c) => [c, true])) } : rest,
    )
  }
  if (!fast.on) return viaPrisma()
  try {
    return await (await fastReader(db)).many(model, args)
  } catch (e) {
    if (!isUnsupported(e)) throw e
    fallbacks.inc()
    if (args.fallback !== 'expected') logger().warn({ model, reason: e.message }, 'fast read fell back to Prisma')
    return viaPrisma()
  }
}

/**
 * Rows per value of `by` among those matching `where` (SELECT by, COUNT(*) … GROUP BY by) through a
 * prepared statement; the same filter subset as findManyFast, Prisma's groupBy outside it.
 */
export async function countByFast<M extends keyof FastModels>(
  model: M,
  by: keyof FastModels[M] & string,
  where: Record<string, unknown>,
): Promise<Map<unknown, number>> {
  const db = readyDb() ?? (await getDb())
  const viaPrisma = async () => {
    const rows = await prismaDelegate(db, model).groupBy({ by: [by], where, _count: { _all: true } })
    return new Map(rows.map((r) => [r[by], (r._count as { _all: number })._all]))
  }
  if (!fast.on) return viaPrisma()
  try {
    return await (await fastReader(db)).countBy(model, by, where)
  } catch (e) {
    if (!isUnsupported(e)) throw e
    fallbacks.inc()
    logger().warn({ model, reason: e.message }, 'fast count fell back to Prisma')
    return viaPrisma()
  }
}

/**
 * A row count defined by its SQL text: what runs is exactly what the usage data's `queries`
 * variant shows. The owning domain writes the statement (its own table); others only run it.
 */
export interface SqlCount {
  /** One SELECT COUNT(…) AS count statement, valid on SQLite and PostgreSQL alike. */
  sql: string
  count: () => Promise<number>
}

export function sqlCount(sql: string): SqlCount {
  return {
    sql,
    count: async () => {
      const rows = await (await getDb()).$queryRawUnsafe<{ count: number | bigint }[]>(sql)
      return Number(rows[0]?.count ?? 0)
    },
  }
}

export interface DatabaseEngine {
  name: 'SQLite' | 'PostgreSQL'
  /** The server's (or the linked SQLite library's) version; null when it could not be read. */
  version: string | null
}

// The version cannot change while this process holds its connections: read once.
const engine = processState('db.engine', () => ({ read: undefined as Promise<DatabaseEngine> | undefined }))

/** Which database this process runs on, for the admin overview. */
export function databaseEngine(): Promise<DatabaseEngine> {
  return (engine.read ??= (async (): Promise<DatabaseEngine> => {
    const pg = provider() === 'postgresql'
    const name = pg ? 'PostgreSQL' : 'SQLite'
    try {
      const rows = await (
        await getDb()
      ).$queryRawUnsafe<Record<string, unknown>[]>(pg ? 'SHOW server_version' : 'SELECT sqlite_version() AS version')
      const value = rows[0] ? Object.values(rows[0])[0] : undefined
      // PostgreSQL adds its build ("16.4 (Debian 16.4-1)"): the number is what an administrator compares.
      return { name, version: typeof value === 'string' ? (value.split(' ')[0] ?? value) : null }
    } catch {
      engine.read = undefined
      return { name, version: null }
    }
  })())
}
