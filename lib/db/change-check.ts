// The per-request check of the change stamp (change-stamp.ts explains the stamp): `syncChanges()`
// runs before a request, a console page or a queued task reads anything cached, and moves this
// process's write generation when a write committed since the last check — so a write whose answer
// was sent is seen by the very next request in every process, and a revocation holds from it.
import { config } from '../config'
import { foreignChange } from '../runtime/invalidation'
import { logger } from '../runtime/log'
import { processState } from '../util/process-state'
import { providerOf, sqlitePath } from './migrate'

const STAMP_SQL = 'SELECT "version" FROM "ChangeStamp" WHERE "id" = 1'
/**
 * The stamp and the tables that moved since the stamp last seen (each table's row holds the stamp's
 * value at its last change), in one statement: one snapshot.
 */
const TABLES_SQL =
  'SELECT \'\' AS "table", "version" FROM "ChangeStamp" WHERE "id" = 1 UNION ALL SELECT "table", "version" FROM "TableChange" WHERE "version" > $1'
type Version = number | bigint | string | null | undefined

interface Checker {
  /** SQLite: synchronous; PostgreSQL: one read (shared with requests that arrived before it began). */
  check(): void | Promise<void>
  close(): Promise<void>
}

const g = processState('db.changeCheck', () => ({
  checker: undefined as Checker | undefined,
  opening: undefined as Promise<Checker> | undefined,
  seen: undefined as string | undefined,
  /** Each table's version (the stamp at its last change) as of the last check. */
  versions: new Map<string, string>(),
}))

// better-sqlite3 reads the BigInt column as a number, pg as a string: compared as text.
const text = (version: Version) => (version == null ? 'none' : String(version))

/** Whether the stamp read now differs from the last one seen (always false at the first look). */
const stampMoved = (version: Version) => g.seen !== undefined && g.seen !== text(version)

/**
 * Records the stamp and the tables that moved past the last one seen (read together); moves their
 * generation — of every table when none is named (a stamp moved by hand without a table).
 */
function sawTables(rows: readonly (readonly [string, Version])[]): void {
  const moved: string[] = []
  let stamp: Version
  for (const [table, version] of rows) {
    if (table === '') stamp = version
    else {
      moved.push(table)
      g.versions.set(table, text(version))
    }
  }
  const changed = g.seen !== text(stamp)
  g.seen = text(stamp)
  if (changed) foreignChange(moved.length ? moved : undefined)
}

/** The first look: the stamp, and every table's version (nothing is dropped: nothing was cached). */
function firstLook(stamp: Version, rows: readonly (readonly [string, Version])[]): void {
  g.seen = text(stamp)
  for (const [table, version] of rows) if (table !== '') g.versions.set(table, text(version))
}

async function sqliteChecker(file: string): Promise<Checker> {
  const { default: Database } = await import('better-sqlite3')
  const conn = new Database(file, { readonly: true, fileMustExist: true })
  conn.pragma('busy_timeout = 5000')
  const dataVersion = conn.prepare<[], number>('PRAGMA data_version').pluck()
  const stamp = conn.prepare<[], number | bigint | null>(STAMP_SQL).pluck()
  const tables = conn.prepare<[number], [string, Version]>(TABLES_SQL.replace('$1', '?')).raw()
  let lastDataVersion: unknown
  const read = () => {
    // data_version first: a commit landing between the reads shows again at the next check.
    lastDataVersion = dataVersion.get()
    const now = stamp.get()
    if (g.seen === undefined) firstLook(now, tables.all(-1))
    else if (stampMoved(now)) sawTables(tables.all(Number(g.seen)))
  }
  read()
  return {
    check() {
      if (dataVersion.get() !== lastDataVersion) read()
    },
    close: async () => void conn.close(),
  }
}

async function postgresChecker(url: string): Promise<Checker> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  // An idle connection the server closes (a restart) emits 'error' on the pool: unheard, it ends
  // the process. The pool drops it and the next read connects anew.
  pool.on('error', (err) => logger().warn({ err }, 'change check: idle database connection lost'))
  const readStamp = async () => {
    const now = (await pool.query<[string | null]>({ name: 'change_stamp', text: STAMP_SQL, rowMode: 'array' }))
      .rows[0]?.[0]
    if (g.seen === undefined)
      firstLook(
        now,
        (
          await pool.query<[string, string]>({
            name: 'change_tables',
            text: TABLES_SQL,
            values: ['-1'],
            rowMode: 'array',
          })
        ).rows,
      )
    else if (stampMoved(now))
      sawTables(
        (
          await pool.query<[string, string]>({
            name: 'change_tables',
            text: TABLES_SQL,
            values: [g.seen],
            rowMode: 'array',
          })
        ).rows,
      )
  }
  await readStamp()
  // `running`: the read under way; `next`: the read that starts when it ends, for the requests that
  // arrived meanwhile (the running one may have read before they arrived).
  let running: Promise<void> | undefined
  let next: Promise<void> | undefined
  const start = (): Promise<void> => {
    const read = readStamp().finally(() => {
      if (running === read) running = undefined
    })
    running = read
    return read
  }
  return {
    check() {
      if (!running) return start()
      return (next ??= running
        .catch(() => {})
        .then(() => {
          next = undefined
          return start()
        }))
    },
    close: () => pool.end(),
  }
}

/** Opens the check's connection (getDb calls it once migrations ran) and reads the stamp once. */
export async function startChangeCheck(): Promise<void> {
  if (g.checker) return
  g.opening ??= (async () => {
    const url = config().databaseUrl
    g.seen = undefined
    return providerOf(url) === 'sqlite' ? sqliteChecker(sqlitePath(url)) : postgresChecker(url)
  })()
  try {
    g.checker = await g.opening
  } finally {
    g.opening = undefined
  }
}

/**
 * Moves the write generation if a write committed anywhere since this process last looked. Returns
 * a promise only when it must wait (PostgreSQL; before the database is open nothing is cached).
 */
export function syncChanges(): void | Promise<void> {
  return g.checker?.check()
}

/**
 * A table's version as of this process's last check: the same value in every process that checked
 * after the same commit (undefined while the check does not run or the table never appeared).
 */
export const tableVersion = (table: string): string | undefined => g.versions.get(table)

/** Whether this process checks the stamp (getDb started it): else only its own writes move its caches. */
export const changeCheckRunning = (): boolean => g.checker !== undefined

export async function stopChangeCheck(): Promise<void> {
  const c = g.checker
  g.checker = undefined
  g.seen = undefined
  g.versions.clear()
  if (c) await c.close()
}
