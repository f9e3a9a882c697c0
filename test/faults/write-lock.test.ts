// A write that cannot get the database in time (issue 34 §3): the occasional 500 on POST /groups
// under heavy load. Another process holds the write lock (SQLite: BEGIN IMMEDIATE on the same
// file; PostgreSQL: the groups table locked against writes) longer than a write waits. The write
// is refused with 503 naming the cause and Retry-After, like any other database outage, never 500;
// nothing of it is stored; once the lock is gone the same write succeeds without a restart.
// (On SQLite a transaction gave up after Prisma's 2 s maxWait, P2028, and a statement after the
// 5 s lock wait with SQLITE_BUSY: neither was mapped, so both were 500.)
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { ownDatabase, type OwnDatabase } from './own-database'
import { call, startServer, type FaultServer } from './server'

let db: OwnDatabase
let server: FaultServer | undefined

beforeAll(async () => {
  db = await ownDatabase('faults-write-lock')
  server = await startServer({
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    WEB_CONCURRENCY: '1',
    PORT: String(await freePort()),
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await db.drop()
})

/** Takes the lock a group creation needs; resolves with its release. */
async function holdWriteLock(): Promise<() => Promise<void>> {
  if (db.kind === 'sqlite') {
    const conn = new Database(db.databaseUrl.slice('file:'.length))
    conn.exec('BEGIN IMMEDIATE')
    return async () => {
      conn.exec('COMMIT')
      conn.close()
    }
  }
  const client = new pg.Client({ connectionString: db.databaseUrl })
  await client.connect()
  await client.query('BEGIN')
  await client.query('LOCK TABLE "Namespace" IN EXCLUSIVE MODE')
  return async () => {
    await client.query('COMMIT')
    await client.end()
  }
}

describe('a write that cannot get the database in time', () => {
  it('is answered 503 naming the cause, writes nothing, and succeeds once the lock is gone', async () => {
    const url = server!.url
    const path = `locked-${Date.now()}`
    const release = await holdWriteLock()
    // Released after longer than any wait of the server's (5 s for the lock, 5 s for a transaction)
    // at the latest: on PostgreSQL the blocked statement returns only then.
    let released: Promise<void> | undefined
    const timer = setTimeout(() => {
      released ??= release()
    }, 8_000)
    const answer = await call(url, 'POST', '/groups', { name: path, path })
    clearTimeout(timer)
    await (released ??= release())
    expect(answer.status, `${answer.body}\n${server!.output().slice(-3000)}`).toBe(503)
    expect(JSON.parse(answer.body)).toEqual({
      message: '503 Service Unavailable - the database is busy: a write could not get it in time',
    })
    expect(answer.retryAfter).toBe('5')
    expect(await db.query(`SELECT "id" FROM "Namespace" WHERE "path" = ?`, [path])).toEqual([])
    const again = await call(url, 'POST', '/groups', { name: path, path })
    expect(again.status, again.body).toBe(201)
    expect(server!.output()).not.toMatch(/unhandled error/)
  })
})
