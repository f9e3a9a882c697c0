// The fuzz's own data directory and database. Its no-partial-write oracle digests every table
// before and after each refused write, which only holds if nothing else writes meanwhile; the
// integration files beside it share one database, so this worker moves to a fresh one before its
// first query (SQLite: a file in a new DATA_DIR; PostgreSQL: a new database on TEST_DATABASE_URL's
// server, dropped at the end). Its bad tokens then also count against no other file's address.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { resetConfig } from '../../lib/config'
import { closeDb, getDb } from '../../lib/db'
import { seedRoot } from '../../lib/server/seed'

export interface IsolatedDatabase {
  dataDir: string
  databaseUrl: string
  /** A file planted in DATA_DIR whose content no response may ever carry. */
  canary: string
  /**
   * This worker's own server log (beside the run's others, so the security step greps it too):
   * the fuzz reads it for errors no client saw, such as a 500 written to a socket already closed.
   */
  logFile: string
  drop: () => Promise<void>
}

export async function isolatedDatabase(): Promise<IsolatedDatabase> {
  const shared = process.env.DATA_DIR!
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-data-'))
  // The registry the run started trusts the shared data directory's token key: the same key here.
  if (existsSync(path.join(shared, 'registry')))
    cpSync(path.join(shared, 'registry'), path.join(dataDir, 'registry'), { recursive: true })
  const canary = `fuzz-canary-${randomBytes(12).toString('hex')}`
  writeFileSync(path.join(dataDir, 'canary.txt'), canary)
  writeFileSync(path.join(dataDir, '.env'), `SECRET=${canary}\n`)
  const admin = process.env.TEST_DATABASE_URL
  let databaseUrl = `file:${path.join(dataDir, 'fuzz.db')}`
  let dbName: string | null = null
  if (admin) {
    dbName = `fuzz_${process.pid}_${randomBytes(3).toString('hex')}`
    const client = new pg.Client({ connectionString: admin })
    await client.connect()
    await client.query(`CREATE DATABASE "${dbName}"`)
    await client.end()
    const url = new URL(admin)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
  }
  await closeDb()
  const logFile = path.join(process.env.TEST_EVIDENCE_DIR ?? dataDir, `fuzz-server-${process.pid}.log`)
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_FILE: logFile })
  resetConfig()
  await getDb()
  await seedRoot(() => {})
  return {
    dataDir,
    databaseUrl,
    canary,
    logFile,
    drop: async () => {
      await closeDb()
      if (admin && dbName) {
        const client = new pg.Client({ connectionString: admin })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
        await client.end()
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
