// The change stamp (lib/db/change-stamp.ts) is the one door every write goes through: each table a
// cache may read has its triggers, and a write of any kind — Prisma, raw SQL, another connection —
// moves the stamp in its own transaction and, through the check each request runs, this process's
// write generation.
import Database from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { CHANGELESS, tablesWithoutTriggers, type TriggerConn } from '../../lib/db/change-stamp'
import { getDb, syncChanges, writeGeneration } from '../../lib/db'
import { unique } from '../helpers'

const url = process.env.DATABASE_URL!
const postgres = url.startsWith('postgres')

/** A connection of its own, as another process has. */
async function otherConnection(): Promise<TriggerConn & { close: () => Promise<void> }> {
  if (postgres) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    return {
      script: async (sql) => {
        await client.query(sql)
      },
      query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows,
      close: () => client.end(),
    }
  }
  const db = new Database(url.replace(/^file:/, ''))
  db.pragma('busy_timeout = 5000')
  return {
    script: async (sql) => void db.exec(sql),
    query: async (sql) => {
      const st = db.prepare(sql)
      return st.reader ? (st.all() as Record<string, unknown>[]) : (st.run(), [])
    },
    close: async () => void db.close(),
  }
}

const stamp = async (conn: TriggerConn) =>
  String((await conn.query('SELECT "version" FROM "ChangeStamp" WHERE "id" = 1'))[0]?.version)

describe('the change stamp', () => {
  it('has its triggers on every table but the few that nothing cached reads', async () => {
    const conn = await otherConnection()
    try {
      expect(await tablesWithoutTriggers(conn, postgres ? 'postgresql' : 'sqlite')).toEqual([])
      expect([...CHANGELESS].sort()).toEqual([
        'ChangeStamp',
        'QueueLock',
        'QueueWorker',
        'QueuedTask',
        'RateLimitCounter',
        'TableChange',
        'UsageEvent',
        '_prisma_migrations',
      ])
    } finally {
      await conn.close()
    }
  })

  it('moves with a raw write of another connection, and the next check moves the write generation', async () => {
    await getDb()
    const conn = await otherConnection()
    try {
      const before = await stamp(conn)
      await syncChanges()
      const generation = writeGeneration()
      await conn.query(
        `INSERT INTO "SystemValue" ("key", "value", "updatedAt") VALUES ('${unique('stamp')}', 'x', CURRENT_TIMESTAMP)`,
      )
      expect(await stamp(conn)).not.toBe(before)
      expect(writeGeneration()).toBe(generation) // nothing seen until a request checks
      await syncChanges()
      expect(writeGeneration()).not.toBe(generation)
    } finally {
      await conn.close()
    }
  })

  it('moves in the writing transaction itself for a cached table, not for a table left out (rate-limit counters)', async () => {
    const conn = await otherConnection()
    // Inside one transaction that holds the stamp, so that other test files' writes cannot move it
    // meanwhile; PostgreSQL moves it at the commit (a deferred trigger): fired here on demand.
    const moves = async (write: string) => {
      await conn.script(postgres ? 'BEGIN; LOCK TABLE "ChangeStamp" IN SHARE ROW EXCLUSIVE MODE' : 'BEGIN IMMEDIATE')
      try {
        const before = await stamp(conn)
        await conn.script(write)
        if (postgres) await conn.script('SET CONSTRAINTS ALL IMMEDIATE')
        return (await stamp(conn)) !== before
      } finally {
        await conn.script('ROLLBACK')
      }
    }
    try {
      const key = unique('counter')
      expect(
        await moves(
          `INSERT INTO "RateLimitCounter" ("key", "count", "expiresAt") VALUES ('${key}', 1, CURRENT_TIMESTAMP)`,
        ),
      ).toBe(false)
      expect(
        await moves(
          `INSERT INTO "RateLimitCounter" ("key", "count", "expiresAt") VALUES ('${key}', 1, CURRENT_TIMESTAMP); UPDATE "RateLimitCounter" SET "count" = 2 WHERE "key" = '${key}'; DELETE FROM "RateLimitCounter" WHERE "key" = '${key}'`,
        ),
      ).toBe(false)
      expect(
        await moves(
          `INSERT INTO "SystemValue" ("key", "value", "updatedAt") VALUES ('${key}', 'x', CURRENT_TIMESTAMP)`,
        ),
      ).toBe(true)
    } finally {
      await conn.close()
    }
  })
})
