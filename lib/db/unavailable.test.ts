// Which errors are a database outage (503 with its cause) and which stay 500 or their own answer.
import { describe, expect, it } from 'vitest'
import { databaseUnavailable } from './unavailable'

/** The shape @prisma/adapter-better-sqlite3 and adapter-pg throw: the driver's code in `cause`. */
const adapterError = (originalCode: string, extra: object = {}) =>
  Object.assign(new Error('driver'), { name: 'DriverAdapterError', cause: { originalCode, originalMessage: 'x', ...extra } })

describe('databaseUnavailable', () => {
  it('names a full, read-only or failing SQLite disk', () => {
    expect(databaseUnavailable(adapterError('SQLITE_FULL'))).toBe('the database disk is full')
    expect(databaseUnavailable(adapterError('SQLITE_READONLY_DBMOVED'))).toBe('the database is read-only')
    expect(databaseUnavailable(adapterError('SQLITE_IOERR_WRITE'))).toBe('the database disk failed to read or write')
    // better-sqlite3's own error (the fast reader), and Prisma's wrapper with the adapter's error in meta.
    expect(databaseUnavailable(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe('the database disk is full')
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: adapterError('SQLITE_FULL') } })).toBe('the database disk is full')
  })

  it('names a PostgreSQL server shutting down, starting, unreachable or out of connections', () => {
    expect(databaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }))).toBe(
      'the database server is shutting down',
    )
    expect(databaseUnavailable(adapterError('57P03'))).toBe('the database server is starting up')
    expect(databaseUnavailable(adapterError('53300'))).toBe('the database server has no free connection')
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe('the connection to the database server was lost')
    expect(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', port: 5432 }), 5432)).toBe(
      'the database server cannot be reached',
    )
  })

  it('leaves every other failure alone', () => {
    // A refused connection to another service (a registry, a migration source) is not the database's.
    const fetchFailed = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', port: 5000 }) })
    expect(databaseUnavailable(fetchFailed, 5432)).toBeNull()
    expect(databaseUnavailable(fetchFailed)).toBeNull()
    expect(databaseUnavailable(adapterError('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull()
    expect(databaseUnavailable(Object.assign(new Error('unique'), { code: 'P2002' }))).toBeNull()
    // A SQLSTATE-looking code on an error that did not come from PostgreSQL.
    expect(databaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBeNull()
    expect(databaseUnavailable(new Error('boom'))).toBeNull()
    expect(databaseUnavailable(null)).toBeNull()
    // A cause chain that loops ends.
    const a: { cause?: unknown } = {}
    a.cause = { cause: a }
    expect(databaseUnavailable(a)).toBeNull()
  })
})
