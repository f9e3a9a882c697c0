// A database of the fault test's own, read directly by the test: a SQLite file in a fresh data
// directory, or (TEST_DATABASE_URL set) a fresh PostgreSQL database on that server, dropped at the
// end. The server process under test migrates it at start-up; the test only reads it, to check what
// survived a kill -9 without going through the process that may have lost it.
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'

export interface OwnDatabase {
  kind: 'sqlite' | 'postgresql'
  dataDir: string
  databaseUrl: string
  /** Rows of a read-only query; `?` placeholders on both databases. */
  query: <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>
  drop: () => Promise<void>
}

export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) {
    const file = path.join(dataDir, 'app.db')
    let db: Database.Database | undefined
    return {
      kind: 'sqlite',
      dataDir,
      databaseUrl: `file:${file}`,
      query: async <T>(sql: string, params: unknown[] = []) => {
        // Opened on first use: the server creates the file. A connection of its own sees every
        // commit of the server's (WAL), including what a killed process had committed.
        db ??= new Database(file, { fileMustExist: true })
        return db.prepare(sql).all(...params) as T[]
      },
      drop: async () => {
        db?.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const name = `${prefix.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`
  const adminClient = new pg.Client({ connectionString: admin })
  await adminClient.connect()
  await adminClient.query(`CREATE DATABASE "${name}"`)
  await adminClient.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  return {
    kind: 'postgresql',
    dataDir,
    databaseUrl: url.toString(),
    query: async <T>(sql: string, params: unknown[] = []) => {
      let i = 0
      const text = sql.replace(/\?/g, () => `$${++i}`)
      return (await pool.query(text, params)).rows as T[]
    },
    drop: async () => {
      await pool.end()
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
