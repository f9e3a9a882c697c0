// Per-table invalidation (issue 30, docs/consistency.md): a cached value is kept with every table its
// read touched — through Prisma (relations in include, select and filters too), the fast reads or raw
// SQL (every table) — and dropped when one of them moves, by this process (nested writes and
// cascades included) or by another connection, and only then. Serial: another test file writing
// the same tables meanwhile would drop values these tests expect kept.
import Database from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { findOneFast, generationCache, getDb, syncChanges } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

const url = process.env.DATABASE_URL!
const postgres = url.startsWith('postgres')

/** A statement through a connection of its own, as another process writes. */
async function elsewhere(sql: string): Promise<void> {
  if (postgres) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
    return
  }
  const db = new Database(url.replace(/^file:/, ''))
  try {
    db.pragma('busy_timeout = 5000')
    db.exec(sql)
  } finally {
    db.close()
  }
}

/** A cache and a load that counts its runs. */
function probe<V>(load: () => Promise<V>) {
  const cache = generationCache<string, V>(unique('probe'))
  const p = {
    runs: 0,
    read: () =>
      cache.read('k', async () => {
        p.runs++
        return load()
      }),
    /** Reads through the cache; true when the load ran (the value had been dropped). */
    async reloaded() {
      const before = p.runs
      await p.read()
      return p.runs > before
    },
  }
  return p
}

const systemValue = () =>
  `INSERT INTO "SystemValue" ("key", "value", "updatedAt") VALUES ('${unique('tc')}', 'x', CURRENT_TIMESTAMP)`

describe('per-table invalidation', () => {
  it('keeps a Prisma read with a relation across unrelated writes and drops it when the related table moves', async () => {
    const db = await getDb()
    const group = await createGroup()
    const project = await api('POST', '/projects', { json: { name: unique('tc'), namespace_id: group.id } })
    expect(project.status).toBe(201)
    const p = probe(() => db.namespace.findMany({ where: { id: group.id }, include: { projects: true } }))
    await p.read()
    expect(await p.reloaded()).toBe(false)
    await db.systemValue.create({ data: { key: unique('tc'), value: 'x' } })
    expect(await p.reloaded()).toBe(false)
    await elsewhere(systemValue())
    await syncChanges()
    expect(await p.reloaded()).toBe(false)
    // The included relation's table, written by another connection.
    await elsewhere(`UPDATE "Project" SET "description" = '${unique('d')}' WHERE "id" = ${project.body.id}`)
    await syncChanges()
    expect(await p.reloaded()).toBe(true)
    // The read's own table, written by this process.
    await db.namespace.update({ where: { id: group.id }, data: { description: unique('d') } })
    expect(await p.reloaded()).toBe(true)
    expect(await p.reloaded()).toBe(false)
  })

  it('drops a read of a table a cascade wrote (this process and another)', async () => {
    const db = await getDb()
    const here = await createUser()
    const hereGroup = await createGroup()
    expect(
      (await api('POST', `/groups/${hereGroup.id}/members`, { json: { user_id: here.id, access_level: 30 } })).status,
    ).toBe(201)
    const members = probe(() => db.member.findMany({ where: { userId: here.id } }))
    await members.read()
    expect(await members.reloaded()).toBe(false)
    await db.user.delete({ where: { id: here.id } }) // its Member rows go by ON DELETE CASCADE
    expect(await members.reloaded()).toBe(true)

    const there = await createUser()
    const group = await createGroup()
    expect(
      (await api('POST', `/groups/${group.id}/members`, { json: { user_id: there.id, access_level: 30 } })).status,
    ).toBe(201)
    const others = probe(() => db.member.findMany({ where: { userId: there.id } }))
    await others.read()
    expect(await others.reloaded()).toBe(false)
    await elsewhere(`DELETE FROM "User" WHERE "id" = ${there.id}`)
    await syncChanges()
    expect(await others.reloaded()).toBe(true)
  })

  it('keeps a fast read with its table, and a raw read with every table', async () => {
    const db = await getDb()
    const group = await createGroup()
    const fast = probe(() => findOneFast('Namespace', 'id', group.id))
    const raw = probe(() => db.$queryRawUnsafe('SELECT 1 AS one'))
    await fast.read()
    await raw.read()
    await elsewhere(systemValue())
    await syncChanges()
    expect(await fast.reloaded()).toBe(false)
    expect(await raw.reloaded()).toBe(true)
    await elsewhere(`UPDATE "Namespace" SET "description" = '${unique('d')}' WHERE "id" = ${group.id}`)
    await syncChanges()
    expect(await fast.reloaded()).toBe(true)
  })

  it('makes a read of a table whose writes move nothing (the queue) depend on every table', async () => {
    const db = await getDb()
    const queue = probe(() => db.queuedTask.count())
    await queue.read()
    expect(await queue.reloaded()).toBe(false)
    await elsewhere(systemValue())
    await syncChanges()
    expect(await queue.reloaded()).toBe(true)
  })

  it('learns the tables a transaction wrote at its commit, raw statements included', async () => {
    const db = await getDb()
    const group = await createGroup()
    const p = probe(() => findOneFast('Namespace', 'id', group.id))
    await p.read()
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(systemValue())
    })
    expect(await p.reloaded()).toBe(false)
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`UPDATE "Namespace" SET "description" = '${unique('d')}' WHERE "id" = ${group.id}`)
    })
    expect(await p.reloaded()).toBe(true)
  })
})
