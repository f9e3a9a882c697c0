// One PrismaClient per process for the configured provider. Both generated clients come from the same
// models, so the SQLite client's type is the common one (the stricter API: no PostgreSQL-only options).
import type { PrismaClient } from './generated/sqlite/client'
import { providerOf, sqlitePath } from './migrate'

export type Db = PrismaClient

export async function createDb(url: string): Promise<Db> {
  if (providerOf(url) === 'sqlite') {
    const [{ PrismaClient }, { PrismaBetterSqlite3 }] = await Promise.all([
      import('./generated/sqlite/client'),
      import('@prisma/adapter-better-sqlite3'),
    ])
    const db = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${sqlitePath(url)}` }) })
    // WAL lets readers run beside the writer; busy_timeout makes concurrent writers wait instead of failing.
    await db.$queryRawUnsafe('PRAGMA journal_mode = WAL')
    await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000')
    await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL')
    return db
  }
  const [{ PrismaClient }, { PrismaPg }] = await Promise.all([import('./generated/postgresql/client'), import('@prisma/adapter-pg')])
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }) }) as unknown as Db
}
