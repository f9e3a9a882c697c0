// App-facing entry: migrate once per process, then one client for the process (shared via globalThis
// because the Next.js bundle and the custom server's bundle live in the same process).
import { config } from '../config'
import { createDb, type Db } from './client'
import { closeFastReader, fastReader, type ManyArgs } from './fast-read'
import { Unsupported } from './where-sql'
import type { Job, Namespace, PersonalAccessToken, Project, Runner, User } from './generated/sqlite/client'
import { migrate, providerOf } from './migrate'

export type { Db }
export { queryCount, writeGeneration } from './client'
export type { Prisma } from './generated/sqlite/client'

const g = globalThis as { __appDb?: Promise<Db>; __appDbReady?: Db }

export function getDb(): Promise<Db> {
  return (g.__appDb ??= (async () => {
    const url = config().databaseUrl
    await migrate(url, { log: () => {} })
    const db = await createDb(url)
    g.__appDbReady = db
    return db
  })().catch((e: unknown) => {
    g.__appDb = undefined
    throw e
  }))
}

/** The client once getDb() has resolved; hot paths use it to skip an await. */
export function readyDb(): Db | undefined {
  return g.__appDbReady
}

export async function closeDb(): Promise<void> {
  const db = g.__appDb
  g.__appDb = undefined
  g.__appDbReady = undefined
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
}

/** A row by a unique column through a prepared statement (see fast-read.ts): the hot-path lookups. */
export async function findOneFast<M extends keyof FastModels>(model: M, column: keyof FastModels[M] & string, value: string | number): Promise<FastModels[M] | null> {
  const db = readyDb() ?? (await getDb())
  const row = await (await fastReader(db)).one(model, column, value)
  return (row as FastModels[M] | undefined) ?? null
}

export const provider = () => providerOf(config().databaseUrl)

/** Prisma's unique-constraint violation. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === 'P2002'

/** Case-insensitive substring filter on both providers (SQLite's LIKE already ignores ASCII case). */
export function containsInsensitive(s: string): { contains: string } {
  return (provider() === 'postgresql' ? { contains: s, mode: 'insensitive' } : { contains: s }) as { contains: string }
}

const delegate = { User: 'user', PersonalAccessToken: 'personalAccessToken', Namespace: 'namespace', Project: 'project', Runner: 'runner', Job: 'job' } as const

/**
 * findMany through a prepared statement when the filter is in where-sql.ts's subset (the hot
 * lists), through Prisma otherwise: same arguments, same rows.
 */
export async function findManyFast<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<FastModels[M][]>
export async function findManyFast<M extends keyof FastModels, K extends keyof FastModels[M] & string>(
  model: M,
  args: ManyArgs & { select: readonly K[] },
): Promise<Pick<FastModels[M], K>[]>
export async function findManyFast<M extends keyof FastModels>(model: M, args: ManyArgs): Promise<unknown[]> {
  const db = readyDb() ?? (await getDb())
  try {
    return await (await fastReader(db)).many(model, args)
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e
    const prisma = db[delegate[model]] as unknown as { findMany: (a: object) => Promise<unknown[]> }
    const { select, ...rest } = args
    return prisma.findMany(select ? { ...rest, select: Object.fromEntries(select.map((c) => [c, true])) } : rest)
  }
}
