import { mkdtempSync, rmSync } from 'node:fs'
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
