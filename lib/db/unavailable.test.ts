// Which errors are a database outage (503 with its cause) and which stay 500 or their own answer.
import { describe, expect, it } from 'vitest'
import { databaseUnavailable } from './unavailable'

/** The shape @prisma/adapter-better-sqlite3 and adapter-pg throw: the driver's code in `cause`. */
const adapterError = (originalCode: string, extra: object = {}) =>
  Object.assign(new Error('driver'), {
    name: 'DriverAdapterError',
    cause: { originalCode, originalMessage: 'x', ...extra },
  })

describe('databaseUnavailable', () => {
  it('names a full, read-only or failing SQLite disk', () => {
    expect(databaseUnavailable(adapterError('SQLITE_FULL'))).toBe('the database disk is full')
    expect(databaseUnavailable(adapterError('SQLITE_READONLY_DBMOVED'))).toBe('the database is read-only')
    expect(databaseUnavailable(adapterError('SQLITE_IOERR_WRITE'))).toBe('the database disk failed to read or write')
    // better-sqlite3's own error (the fast reader), and Prisma's wrapper with the adapter's error in meta.
    expect(databaseUnavailable(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe(
      'the database disk is full',
    )
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: adapterError('SQLITE_FULL') } })).toBe(
      'the database disk is full',
    )
  })

  it('names a PostgreSQL server shutting down, starting, unreachable or out of connections', () => {
    expect(
      databaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
          severity: 'FATAL',
        }),
      ),
    ).toBe('the database server is shutting down')
    expect(databaseUnavailable(adapterError('57P03'))).toBe('the database server is starting up')
    expect(databaseUnavailable(adapterError('53300'))).toBe('the database server has no free connection')
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(
      'the connection to the database server was lost',
    )
    expect(
      databaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', port: 5432 }),
        5432,
      ),
    ).toBe('the database server cannot be reached')
  })

  it('names a write that could not get the database in time (another writer held it)', () => {
    const busy = 'the database is busy: a write could not get it in time'
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: adapterError('SQLITE_BUSY') } })).toBe(busy)
    expect(databaseUnavailable(adapterError('SQLITE_BUSY_SNAPSHOT'))).toBe(busy)
    const p2028 = (message: string) =>
      Object.assign(new Error(message), { name: 'PrismaClientKnownRequestError', code: 'P2028' })
    expect(databaseUnavailable(p2028('Transaction API error: Unable to start a transaction in the given time.'))).toBe(
      busy,
    )
    expect(
      databaseUnavailable(
        p2028(
          'Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms',
        ),
      ),
    ).toBe(busy)
    // P2028's other cases are the code's own mistakes (a transaction used after its end): 500.
    expect(databaseUnavailable(p2028('Transaction API error: Transaction not found.'))).toBeNull()
  })

  it('leaves every other failure alone', () => {
    // A refused connection to another service (a registry, a migration source) is not the database's.
    const fetchFailed = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', port: 5000 }),
    })
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
