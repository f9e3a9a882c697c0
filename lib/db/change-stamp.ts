// Cross-process invalidation, the database side. A write through Prisma (client.ts) asks for a bump
// of ChangeStamp's one row once it has committed; every process polls the row every POLL_MS and,
// when it moved past the versions this process wrote itself, drops its caches
// (runtime/invalidation.ts). So a revoked token, a blocked user or a changed setting reaches every
// process, and every machine on one PostgreSQL, within POLL_MS plus one round trip.
// Polling rather than LISTEN/NOTIFY or SQLite's data_version: one primary-key read per 100 ms is
// noise, works alike on both engines and needs no connection of its own; data_version would also
// fire on writes that touch nothing cached (rate-limit counters, queue heartbeats).
import { sqltag as sql } from '@prisma/client/runtime/client'
import type { PrismaClient } from './generated/sqlite/client'
import { foreignChange } from '../runtime/invalidation'
import { processState } from '../runtime/state'
import { logger } from '../runtime/log'

const POLL_MS = Number(process.env.CHANGE_POLL_MS ?? 100)
/** Past this many unseen versions the gap is not walked: it is someone else's for sure. */
const MAX_GAP = 10_000

const g = processState('db.changeStamp', () => ({
  db: undefined as PrismaClient | undefined,
  readVersion: undefined as VersionReader | undefined,
  seen: undefined as number | undefined,
  own: new Set<number>(),
  scheduled: false,
  bumping: false,
  again: false,
  timer: undefined as NodeJS.Timeout | undefined,
  polling: false,
}))

/** Runs the stamp's read (`VERSION_SQL`); undefined: no row yet. */
export type VersionReader = (sql: string) => Promise<{ version?: unknown } | undefined>
const VERSION_SQL = 'SELECT "version" FROM "ChangeStamp" WHERE "id" = 1'

const ENSURE = sql`INSERT INTO "ChangeStamp" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING`

/** Called after every write this process sends; bumps coalesce to one per turn of the event loop. */
export function noteWrite(): void {
  if (g.scheduled || !g.db) return
  g.scheduled = true
  setImmediate(() => {
    g.scheduled = false
    void bump()
  })
}

/** Set meanwhile by noteWrite (a function: the flag changes across awaits). */
const bumpAgain = () => g.again

async function bump(): Promise<void> {
  // A write that committed while a bump was in flight needs a bump that starts after it.
  if (g.bumping) return void (g.again = true)
  const db = g.db
  if (!db) return
  g.bumping = true
  try {
    do {
      g.again = false
      const rows = await db.$queryRaw<{ version: number | bigint }[]>(sql`UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version"`)
      if (rows[0]) g.own.add(Number(rows[0].version))
      else await db.$executeRaw(ENSURE).then(() => (g.again = true))
    } while (bumpAgain())
  } catch (err) {
    logger().error({ err }, 'change stamp: bump failed')
  } finally {
    g.bumping = false
  }
}

/** One poll: true when another process's writes were seen (and this process's caches dropped). */
export async function pollChanges(): Promise<boolean> {
  const read = g.readVersion
  if (!read || g.polling) return false
  g.polling = true
  try {
    const row = await read(VERSION_SQL)
    const version = Number(row?.version ?? 0)
    const seen = g.seen
    g.seen = version
    if (seen === undefined || version <= seen) return false
    let foreign = version - seen > MAX_GAP
    for (let v = seen + 1; v <= version && !foreign; v++) if (!g.own.has(v)) foreign = true
    for (const v of g.own) if (v <= version) g.own.delete(v)
    if (foreign) foreignChange()
    return foreign
  } finally {
    g.polling = false
  }
}

/**
 * Starts watching with the process's client (getDb calls it once per client). The stamp's row is
 * not created here (a write through Prisma before the port opens would make start-up pay for its
 * query compiler): the first bump creates it (`bump`), and until then a poll reads version 0.
 */
export async function watchChanges(db: PrismaClient, readVersion: VersionReader): Promise<void> {
  g.db = db
  g.readVersion = readVersion
  g.seen = undefined
  g.own.clear()
  await pollChanges()
  clearInterval(g.timer)
  g.timer = setInterval(() => void pollChanges().catch((err: unknown) => logger().warn({ err }, 'change stamp: poll failed')), POLL_MS).unref()
}

export function stopWatching(): void {
  clearInterval(g.timer)
  g.timer = undefined
  g.db = undefined
  g.readVersion = undefined
}
