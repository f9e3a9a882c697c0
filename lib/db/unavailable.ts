// Which failures mean "the database cannot serve now" rather than "this request is wrong" (issue 34
// §3): a full or read-only disk under SQLite, a PostgreSQL server that is down, restarting or out of
// connections. Those are answered 503 with the cause, not 500: nothing was written (a failed
// statement rolls its transaction back), the client may retry, and the process recovers by itself
// once the database is back — no restart.
import { config } from '../config'

/** The cause, in words an operator acts on, or null when `e` is not a database outage. */
export function databaseUnavailable(e: unknown, databasePort?: number): string | null {
  for (const err of causes(e)) {
    const code = stringField(err, 'originalCode') ?? stringField(err, 'code')
    if (code === 'P2028' && TIMED_OUT.test(stringField(err, 'message') ?? '')) return BUSY
    if (code) {
      const sqlite = sqliteCause(code)
      if (sqlite) return sqlite
      const pg = postgresCause(code)
      if (pg && isDatabaseError(err)) return pg
      // A refused or cut connection is the database's only if it was to the database's port
      // (outbound requests to a registry or a migration source fail the same way).
      if (NETWORK.has(code) && databasePort !== undefined && (err as { port?: unknown }).port === databasePort)
        return 'the database server cannot be reached'
    }
    const message = stringField(err, 'message') ?? ''
    // node-postgres's own words when the server goes away under an open connection.
    if (/^Connection terminated( unexpectedly| due to connection timeout)?$/.test(message))
      return 'the connection to the database server was lost'
    if (/^timeout exceeded when trying to connect$/.test(message)) return 'the database server cannot be reached'
  }
  return null
}

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'])

/**
 * Another writer held the database longer than a write waits: SQLite's write lock past the wait
 * for it (SQLITE_BUSY), a transaction that could not begin within Prisma's maxWait or was rolled
 * back past its timeout (P2028 with those words; its other cases are programming errors, left 500).
 * Nothing was written and a retry may pass: the 503 of an outage, not a 500.
 */
const BUSY = 'the database is busy: a write could not get it in time'
const TIMED_OUT = /Unable to start a transaction in the given time|expired transaction|timeout for this transaction/

function sqliteCause(code: string): string | null {
  if (code.startsWith('SQLITE_FULL')) return 'the database disk is full'
  if (code.startsWith('SQLITE_READONLY')) return 'the database is read-only'
  if (code.startsWith('SQLITE_IOERR')) return 'the database disk failed to read or write'
  if (code.startsWith('SQLITE_CANTOPEN')) return 'the database file cannot be opened'
  if (code.startsWith('SQLITE_BUSY')) return BUSY
  return null
}

/** SQLSTATE classes 08 (connection), 53 (resources) and 57P (the server shutting down or starting). */
function postgresCause(code: string): string | null {
  if (code === '53100') return 'the database disk is full'
  if (code === '53300') return 'the database server has no free connection'
  if (code.startsWith('53')) return 'the database server is out of resources'
  if (code === '57P01' || code === '57P02') return 'the database server is shutting down'
  if (code === '57P03') return 'the database server is starting up'
  if (/^08[0-9A-Z]{3}$/.test(code)) return 'the connection to the database server failed'
  return null
}

/** A SQLSTATE belongs to PostgreSQL only when the error came from it (5 characters, and a driver error's shape). */
function isDatabaseError(err: object): boolean {
  return 'severity' in err || 'originalCode' in err || (err as { name?: unknown }).name === 'DatabaseError'
}

function stringField(err: object, key: string): string | undefined {
  const v = (err as Record<string, unknown>)[key]
  return typeof v === 'string' ? v : undefined
}

/** The error and what it wraps: `cause` chains, Prisma's `meta.driverAdapterError`, bounded. */
function causes(e: unknown): object[] {
  const out: object[] = []
  const queue: unknown[] = [e]
  while (queue.length > 0 && out.length < 8) {
    const next = queue.shift()
    if (typeof next !== 'object' || next === null || out.includes(next)) continue
    out.push(next)
    const r = next as { cause?: unknown; meta?: { driverAdapterError?: unknown } }
    queue.push(r.cause, r.meta?.driverAdapterError)
  }
  return out
}

let port: number | undefined | null = null
/** `databaseUnavailable` for this process's database (its port known from DATABASE_URL). */
export function databaseOutage(e: unknown): string | null {
  if (port === null) {
    const url = config().databaseUrl
    port = /^postgres(ql)?:/.test(url) ? Number(new URL(url).port || 5432) : undefined
  }
  return databaseUnavailable(e, port)
}
