// Per-table digests of the whole database (row count and a hash of the rows in key order), to
// prove that a refused write changed nothing: the CSRF test (test/security/csrf.test.ts), the
// fuzz's no-partial-write oracle (test/fuzz/) and the authorization matrix's refused writes
// (test/authz/) compare them before and after a request.
import { createHash } from 'node:crypto'
import { getDb } from '../lib/db'

/**
 * What moves without any write being accepted, so a digest leaves it out. Reviewed in one place
 * (issue 34): each entry says which read or background work writes it.
 * - whole tables: the change stamp and its per-table copies (moved by every committed write of
 *   any process: docs/consistency.md); rate-limit and failed-authentication counters (a refused
 *   request is counted there by design); the queue's worker heartbeats and key locks.
 * - columns: a token's and an SSH key's `lastUsedAt` (every authenticated use, GitLab's `last_used_at`) and the
 *   `updatedAt` Prisma moves with it (lib/auth/last-used.ts), a
 *   runner's and runner manager's `contactedAt` (every runner request), a queued task's
 *   `heartbeatAt`, `lockedBy`, `updatedAt` (its worker, not the request).
 */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set([
  'ChangeStamp',
  'TableChange',
  'RateLimitCounter',
  'QueueWorker',
  'QueueLock',
])
export const VOLATILE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  PersonalAccessToken: ['lastUsedAt', 'updatedAt'],
  SshKey: ['lastUsedAt'],
  Runner: ['contactedAt'],
  RunnerManager: ['contactedAt'],
  QueuedTask: ['heartbeatAt', 'lockedBy', 'updatedAt'],
}

export type Digests = Record<string, string>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
const stringify = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_k, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v,
  )

/**
 * Every table's `<rows>:<hash of its rows>`, by table name: rows serialised without the volatile
 * columns and sorted, so the digest does not depend on the order the database returns them in
 * (SQLite: sha256 here; PostgreSQL: md5 on the server, in one query).
 * `volatile: false` digests everything (the CSRF test's stricter promise: no request at all).
 */
export async function tableDigests(opts: { volatile?: boolean } = {}): Promise<Digests> {
  const keepVolatile = opts.volatile === false
  const db = await getDb()
  const postgres = (process.env.DATABASE_URL ?? '').startsWith('postgres')
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    postgres
      ? `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`
      : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1`,
  )
  const out: Digests = {}
  if (postgres) {
    // One round trip: the server serialises (jsonb, volatile keys removed), sorts and hashes.
    const parts = tables
      .filter(({ name }) => keepVolatile || !VOLATILE_TABLES.has(name))
      .map(({ name }) => {
        const drop = (keepVolatile ? [] : (VOLATILE_COLUMNS[name] ?? [])).map((c) => ` - '${c}'`).join('')
        return `SELECT '${name.replaceAll("'", "''")}' AS name, count(*)::text AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS h FROM (SELECT (to_jsonb(t)${drop})::text AS r FROM ${quote(name)} t) x`
      })
    if (!parts.length) return out
    for (const row of await db.$queryRawUnsafe<{ name: string; n: string; h: string }[]>(parts.join(' UNION ALL ')))
      out[row.name] = `${row.n}:${row.h.slice(0, 16)}`
    return out
  }
  for (const { name } of tables) {
    if (!keepVolatile && VOLATILE_TABLES.has(name)) continue
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM ${quote(name)}`)
    const drop = new Set(keepVolatile ? [] : (VOLATILE_COLUMNS[name] ?? []))
    const lines = rows
      .map((r) => stringify(drop.size ? Object.fromEntries(Object.entries(r).filter(([c]) => !drop.has(c))) : r))
      .sort()
    out[name] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`
  }
  return out
}

/** The tables whose digests differ (or that exist on one side only). */
export const changedTables = (a: Digests, b: Digests): string[] =>
  Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t])
