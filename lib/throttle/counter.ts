// Fixed-window request counters in the database, so every process sharing it counts together
// (the issue: throttles counted across processes on one PostgreSQL). One atomic upsert per request,
// only while a throttle is enabled; expired windows are swept once a minute.
import { sqltag as sql } from '@prisma/client/runtime/client'
import { getDb } from '../db'
import { processState } from '../util/process-state'

const sweep = processState('throttle.sweep', () => ({ last: 0 }))

export async function hit(key: string, expiresAt: Date): Promise<number> {
  const db = await getDb()
  const rows = await db.$queryRaw<{ count: number | bigint }[]>(
    sql`INSERT INTO "RateLimitCounter" ("key", "count", "expiresAt") VALUES (${key}, 1, ${expiresAt})
      ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimitCounter"."count" + 1 RETURNING "count"`,
  )
  if (Date.now() - sweep.last > 60_000) {
    sweep.last = Date.now()
    void db.rateLimitCounter.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch(() => {})
  }
  return Number(rows[0]?.count ?? 0)
}
