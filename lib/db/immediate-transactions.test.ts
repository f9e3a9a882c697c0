// Two connections to one SQLite file, as two processes have: a transaction that reads, then sees
// another connection commit, then writes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from './generated/sqlite/client'
import { sqliteConnection } from './client'

const dir = mkdtempSync(path.join(tmpdir(), 'immediate-tx-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function open(name: string, wrap: boolean) {
  const file = path.join(dir, name)
  const factory = new PrismaBetterSqlite3({ url: `file:${file}` })
  const db = new PrismaClient({ adapter: wrap ? sqliteConnection(factory) : factory })
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL')
  await db.$executeRawUnsafe('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  // The other process: its own connection, refusing at once instead of waiting for the lock.
  const other = new Database(file, { timeout: 0 })
  return { db, other }
}

async function readThenWrite(db: PrismaClient, other: Database.Database) {
  let otherWrite: 'committed' | 'refused' = 'committed'
  await db.$transaction(async (tx) => {
    await tx.$queryRawUnsafe('SELECT COUNT(*) FROM t')
    try {
      other.prepare("INSERT INTO t (v) VALUES ('other')").run()
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e
      otherWrite = 'refused'
    }
    await tx.$executeRawUnsafe("INSERT INTO t (v) VALUES ('mine')")
  })
  return otherWrite
}

describe('SQLite transactions across connections', () => {
  it('a deferred BEGIN (the adapter as shipped) fails the write with SQLITE_BUSY_SNAPSHOT', async () => {
    const { db, other } = await open('deferred.db', false)
    // (A model query reports the same refusal as Prisma's "Operation has timed out".)
    await expect(readThenWrite(db, other)).rejects.toThrow(/SQLITE_BUSY_SNAPSHOT/)
    await db.$disconnect()
    other.close()
  })

  it('BEGIN IMMEDIATE holds the write lock from the start: the transaction commits, the other writer waits its turn', async () => {
    const { db, other } = await open('immediate.db', true)
    expect(await readThenWrite(db, other)).toBe('refused')
    expect(other.prepare('SELECT v FROM t ORDER BY id').all()).toEqual([{ v: 'mine' }])
    other.prepare("INSERT INTO t (v) VALUES ('other')").run()
    expect(await db.$queryRawUnsafe('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 2n }])
    await db.$disconnect()
    other.close()
  })

  it('waits for another connection’s write lock without blocking the event loop, then writes', async () => {
    const { db, other } = await open('wait.db', true)
    other.prepare('BEGIN IMMEDIATE').run()
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const write = db.$executeRawUnsafe("INSERT INTO t (v) VALUES ('waited')")
    const inTx = db.$transaction(async (tx) =>
      tx.$executeRawUnsafe("INSERT INTO t (v) VALUES ('waited in a transaction')"),
    )
    // The loop keeps turning while both wait (SQLite's busy handler would have slept in it): a 1 ms
    // timer fires again and again. Polled with a deadline: on a loaded machine the first query's
    // set-up alone may hold the loop for tens of milliseconds.
    const deadline = Date.now() + 5000
    while (ticks <= 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(ticks).toBeGreaterThan(10)
    expect(other.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 })
    other.prepare('COMMIT').run()
    clearInterval(timer)
    await Promise.all([write, inTx])
    expect(other.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([
      { v: 'waited' },
      { v: 'waited in a transaction' },
    ])
    await db.$disconnect()
    other.close()
  })

  it('sets the connection up on the driver when Prisma connects: WAL, no busy handler (lock waits are the client’s), synchronous NORMAL', async () => {
    const file = path.join(dir, 'pragmas.db')
    new Database(file).close()
    const db = new PrismaClient({ adapter: sqliteConnection(new PrismaBetterSqlite3({ url: `file:${file}` })) })
    expect(await db.$queryRawUnsafe('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }])
    expect(await db.$queryRawUnsafe('PRAGMA busy_timeout')).toEqual([{ timeout: 0n }])
    expect(await db.$queryRawUnsafe('PRAGMA synchronous')).toEqual([{ synchronous: 1n }])
    await db.$disconnect()
  })
})
