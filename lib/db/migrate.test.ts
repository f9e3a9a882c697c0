import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from './migrate'

const dir = mkdtempSync(path.join(os.tmpdir(), 'migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('start-up migrations on SQLite', () => {
  it('applies every migration exactly once when several runners start together', async () => {
    const file = path.join(dir, 'race.db')
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrate(`file:${file}`, { log: () => {} })))
    const applied = runs.flat()
    const db = new Database(file)
    const rows = db.prepare('SELECT migration_name, finished_at FROM _prisma_migrations').all() as {
      migration_name: string
      finished_at: string | null
    }[]
    db.close()
    expect(new Set(applied).size).toBe(applied.length)
    expect(rows.length).toBe(applied.length)
    expect(rows.every((r) => r.finished_at)).toBe(true)
    expect(await migrate(`file:${file}`, { log: () => {} })).toEqual([])
  })

  it('leaves the file in WAL mode before any other connection opens it', async () => {
    const file = path.join(dir, 'wal.db')
    await migrate(`file:${file}`, { log: () => {} })
    const db = new Database(file, { readonly: true })
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    db.close()
  })
})

describe('20261207114823_internal_ids', () => {
  it('carries the iid counters off the project and group rows into InternalId', async () => {
    const all = path.resolve('prisma/migrations/sqlite')
    const before = path.join(dir, 'before-internal-ids')
    cpSync(all, before, { recursive: true })
    rmSync(path.join(before, '20261207114823_internal_ids'), { recursive: true })
    const file = path.join(dir, 'iids.db')
    await migrate(`file:${file}`, { migrationsDir: before, log: () => {} })
    const db = new Database(file)
    db.exec(`INSERT INTO "Namespace" ("id", "kind", "name", "path", "fullPath", "fullPathLower", "fullName", "traversalIds", "updatedAt", "lastEpicIid")
      VALUES (7, 'group', 'g', 'g', 'g', 'g', 'g', '7', 0, 4), (8, 'group', 'h', 'h', 'h', 'h', 'h', '8', 0, 0)`)
    db.exec(`INSERT INTO "Project" ("id", "name", "path", "fullPath", "fullPathLower", "namespaceId", "traversalIds", "updatedAt", "lastPipelineIid", "lastIssueIid")
      VALUES (3, 'p', 'p', 'g/p', 'g/p', 7, '7', 0, 12, 5), (4, 'q', 'q', 'g/q', 'g/q', 7, '7', 0, 0, 0)`)
    db.close()
    expect(await migrate(`file:${file}`, { log: () => {} })).toEqual(['20261207114823_internal_ids'])
    const after = new Database(file, { readonly: true })
    const rows = after
      .prepare('SELECT "usage", "projectId", "namespaceId", "lastValue" FROM "InternalId" ORDER BY "usage"')
      .all()
    after.close()
    expect(rows).toEqual([
      { usage: 'ci_pipelines', projectId: 3, namespaceId: null, lastValue: 12 },
      { usage: 'epics', projectId: null, namespaceId: 7, lastValue: 4 },
      { usage: 'issues', projectId: 3, namespaceId: null, lastValue: 5 },
    ])
  })
})
