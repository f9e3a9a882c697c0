// Exact cross-process coherence, the database side (docs/consistency.md). Every table a cache may
// derive from carries triggers that move ChangeStamp's one row inside the writing transaction, so
// the stamp moves exactly when such a write commits: raw SQL included, no bump to lose or retry.
// Before anything cached is read, every request (lib/server/handler.ts), console page and queued
// task runs `syncChanges()` (change-check.ts): when the stamp moved since this process last looked, the write
// generation moves (runtime/invalidation.ts) and every cache of this process is dropped.
// - SQLite: `PRAGMA data_version` on a connection of its own (a read of the WAL index in shared
//   memory, ≈ 1 µs, no statement on the file) tells whether any other connection committed; only
//   then is the stamp read. Synchronous: the check costs a request no await.
// - PostgreSQL: one primary-key read per request, shared by the requests that arrive while none is
//   under way (a read that began before a request arrived never stands in for it). The stamp moves
//   in a deferred trigger, once per transaction at commit: its row lock is the last one a writer
//   takes, so it cannot close a cycle of locks (no deadlock) and is held only through the commit.
// Tables left out are written all day and never cached: queue claims and heartbeats, rate-limit
// counters, tracked usage events (CHANGELESS below). A test fails when a table lacks its triggers (change-stamp.test.ts).
import type { Provider } from './migrate'

/** Tables whose writes do not move the stamp: nothing cached may read them. */
export const CHANGELESS = new Set(['ChangeStamp', '_prisma_migrations', 'QueuedTask', 'QueueLock', 'RateLimitCounter', 'UsageEvent'])

/** In the trigger names: a new body gets a new name, and the old triggers are dropped. */
const VERSION = 'v1'
export const TRIGGER_PREFIX = 'change_stamp_'
const sqliteName = (table: string, op: string) => `${TRIGGER_PREFIX}${VERSION}_${op}_${table}`
const PG_FUNCTION = `${TRIGGER_PREFIX}${VERSION}`
const PG_TRIGGER = `${TRIGGER_PREFIX}${VERSION}`

const SQLITE_BUMP = `UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1; SELECT RAISE(ABORT, 'ChangeStamp row missing') WHERE NOT EXISTS (SELECT 1 FROM "ChangeStamp" WHERE "id" = 1);`

const PG_FUNCTION_SQL = `CREATE OR REPLACE FUNCTION "${PG_FUNCTION}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.change_stamp', true) IS DISTINCT FROM 'moved' THEN
    PERFORM set_config('app.change_stamp', 'moved', true);
    UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1;
    IF NOT FOUND THEN RAISE EXCEPTION 'ChangeStamp row missing'; END IF;
  END IF;
  RETURN NULL;
END $$`

export interface TriggerConn {
  script(sql: string): Promise<void>
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>
}

/**
 * Makes every table but CHANGELESS move the stamp (migrate() calls it after the migrations): derived
 * from the tables that exist, so a new model needs nothing written by hand. Creates only what is
 * missing and drops triggers of older versions; the stamp's row is created here too.
 */
export async function ensureChangeTriggers(conn: TriggerConn, provider: Provider): Promise<void> {
  await conn.script(`INSERT INTO "ChangeStamp" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING`)
  if (provider === 'sqlite') {
    const tables = (await conn.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => String(r.name))
    const existing = new Set((await conn.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`)).map((r) => String(r.name)))
    const wanted = new Map<string, string>()
    for (const table of tables) {
      if (CHANGELESS.has(table)) continue
      for (const [op, event] of [
        ['insert', 'INSERT'],
        ['update', 'UPDATE'],
        ['delete', 'DELETE'],
      ] as const)
        wanted.set(sqliteName(table, op), `CREATE TRIGGER "${sqliteName(table, op)}" AFTER ${event} ON "${table}" BEGIN ${SQLITE_BUMP} END`)
    }
    const script = [...[...existing].filter((n) => !wanted.has(n)).map((n) => `DROP TRIGGER "${n}";`), ...[...wanted].filter(([n]) => !existing.has(n)).map(([, sql]) => `${sql};`)]
    if (script.length) await conn.script(script.join('\n'))
    return
  }
  const tables = (await conn.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)).map((r) => String(r.tablename))
  const existing = await conn.query(
    `SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND t.tgname LIKE '${TRIGGER_PREFIX}%'`,
  )
  const has = new Set(existing.filter((r) => r.name === PG_TRIGGER).map((r) => String(r.table)))
  const script: string[] = []
  for (const r of existing) if (r.name !== PG_TRIGGER) script.push(`DROP TRIGGER "${String(r.name)}" ON "${String(r.table)}";`)
  const missing = tables.filter((t) => !CHANGELESS.has(t) && !has.has(t))
  if (missing.length) script.push(`${PG_FUNCTION_SQL};`)
  for (const table of missing)
    script.push(
      `CREATE CONSTRAINT TRIGGER "${PG_TRIGGER}" AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${PG_FUNCTION}"();`,
    )
  if (script.length) await conn.script(script.join('\n'))
}

/** Tables of the database that lack this version's triggers (a test keeps it empty). */
export async function tablesWithoutTriggers(conn: TriggerConn, provider: Provider): Promise<string[]> {
  if (provider === 'sqlite') {
    const tables = (await conn.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => String(r.name))
    const names = new Set((await conn.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)).map((r) => String(r.name)))
    return tables.filter((t) => !CHANGELESS.has(t) && !['insert', 'update', 'delete'].every((op) => names.has(sqliteName(t, op))))
  }
  const tables = (await conn.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)).map((r) => String(r.tablename))
  const has = new Set(
    (
      await conn.query(
        `SELECT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND t.tgname = '${PG_TRIGGER}'`,
      )
    ).map((r) => String(r.table)),
  )
  return tables.filter((t) => !CHANGELESS.has(t) && !has.has(t))
}
