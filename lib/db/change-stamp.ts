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
export const CHANGELESS = new Set([
  'ChangeStamp',
  'TableChange',
  '_prisma_migrations',
  'QueuedTask',
  'QueueLock',
  'QueueWorker',
  'RateLimitCounter',
  'UsageEvent',
])

/** Left-out tables whose writes that matter move the stamp by hand (`announceChange`): failed-authentication bans. */
const ANNOUNCED = new Set(['RateLimitCounter'])

/**
 * The table a cache fill depends on when it reads `table`: itself, or — for a table whose writes
 * move nothing — every table (undefined), so such a value lasts no longer than until the next write
 * anywhere, as before tables were told apart. Nothing cached should read those tables at all.
 */
export const readDependency = (table: string): string | undefined =>
  CHANGELESS.has(table) && !ANNOUNCED.has(table) ? undefined : table

/** In the trigger names: a new body gets a new name, and the old triggers are dropped. */
const VERSION = 'v3'
export const TRIGGER_PREFIX = 'change_stamp_'
const sqliteName = (table: string, op: string) => `${TRIGGER_PREFIX}${VERSION}_${op}_${table}`
const PG_FUNCTION = `${TRIGGER_PREFIX}${VERSION}`
const PG_TRIGGER = `${TRIGGER_PREFIX}${VERSION}`
const PG_NOTE_FUNCTION = `${TRIGGER_PREFIX}${VERSION}_note`
const PG_NOTE_TRIGGER = `${TRIGGER_PREFIX}${VERSION}_note`

/** Table names come from the catalog; quoted as SQL string literals all the same. */
const literal = (s: string) => `'${s.replaceAll("'", "''")}'`

// A table's row holds the stamp's value at its last change, so the check reads only the rows past
// the stamp it saw last. Both rows must exist: a trigger that moved nothing would let a write pass unseen.
const sqliteBump = (table: string) =>
  `UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1; UPDATE "TableChange" SET "version" = (SELECT "version" FROM "ChangeStamp" WHERE "id" = 1) WHERE "table" = ${literal(table)}; SELECT RAISE(ABORT, 'ChangeStamp row missing') WHERE NOT EXISTS (SELECT 1 FROM "ChangeStamp" WHERE "id" = 1) OR NOT EXISTS (SELECT 1 FROM "TableChange" WHERE "table" = ${literal(table)});`

// PostgreSQL: a statement trigger notes the table in a setting local to the transaction; the
// deferred row trigger, once per transaction at commit, moves the stamp and then gives the noted
// tables' rows its new value in name order — every writer takes these row locks in one order (the
// stamp's first, which also makes them one at a time), so they close no cycle.
const PG_NOTE_FUNCTION_SQL = `CREATE OR REPLACE FUNCTION "${PG_NOTE_FUNCTION}"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE noted text := coalesce(nullif(current_setting('app.changed_tables', true), ''), ',');
BEGIN
  IF position(',' || TG_TABLE_NAME || ',' IN noted) = 0 THEN
    PERFORM set_config('app.changed_tables', noted || TG_TABLE_NAME || ',', true);
  END IF;
  RETURN NULL;
END $$`

const PG_FUNCTION_SQL = `CREATE OR REPLACE FUNCTION "${PG_FUNCTION}"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t text; v bigint;
BEGIN
  IF current_setting('app.change_stamp', true) IS DISTINCT FROM 'moved' THEN
    PERFORM set_config('app.change_stamp', 'moved', true);
    UPDATE "ChangeStamp" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
    IF NOT FOUND THEN RAISE EXCEPTION 'ChangeStamp row missing'; END IF;
    FOR t IN SELECT x FROM unnest(string_to_array(trim(BOTH ',' FROM coalesce(current_setting('app.changed_tables', true), '')), ',')) AS x WHERE x <> '' ORDER BY x LOOP
      INSERT INTO "TableChange" ("table", "version") VALUES (t, v) ON CONFLICT ("table") DO UPDATE SET "version" = v;
    END LOOP;
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
  const rows = (tables: string[]) => {
    const watched = tables.filter((t) => !CHANGELESS.has(t))
    return watched.length
      ? conn.script(
          `INSERT INTO "TableChange" ("table", "version") VALUES ${watched.map((t) => `(${literal(t)}, 0)`).join(', ')} ON CONFLICT ("table") DO NOTHING`,
        )
      : undefined
  }
  if (provider === 'sqlite') {
    const tables = (
      await conn.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    ).map((r) => String(r.name))
    await rows(tables)
    const existing = new Set(
      (
        await conn.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`)
      ).map((r) => String(r.name)),
    )
    const wanted = new Map<string, string>()
    for (const table of tables) {
      if (CHANGELESS.has(table)) continue
      for (const [op, event] of [
        ['insert', 'INSERT'],
        ['update', 'UPDATE'],
        ['delete', 'DELETE'],
      ] as const)
        wanted.set(
          sqliteName(table, op),
          `CREATE TRIGGER "${sqliteName(table, op)}" AFTER ${event} ON "${table}" BEGIN ${sqliteBump(table)} END`,
        )
    }
    const script = [
      ...[...existing].filter((n) => !wanted.has(n)).map((n) => `DROP TRIGGER "${n}";`),
      ...[...wanted].filter(([n]) => !existing.has(n)).map(([, sql]) => `${sql};`),
    ]
    if (script.length) await conn.script(script.join('\n'))
    return
  }
  const tables = (await conn.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)).map((r) =>
    String(r.tablename),
  )
  await rows(tables)
  const existing = await conn.query(
    `SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND t.tgname LIKE '${TRIGGER_PREFIX}%'`,
  )
  const ours = new Set([PG_TRIGGER, PG_NOTE_TRIGGER])
  const has = (name: string) => new Set(existing.filter((r) => r.name === name).map((r) => String(r.table)))
  const [stamped, noted] = [has(PG_TRIGGER), has(PG_NOTE_TRIGGER)]
  const script: string[] = []
  for (const r of existing)
    if (!ours.has(String(r.name))) script.push(`DROP TRIGGER "${String(r.name)}" ON "${String(r.table)}";`)
  const watched = tables.filter((t) => !CHANGELESS.has(t))
  if (watched.some((t) => !stamped.has(t) || !noted.has(t)))
    script.push(`${PG_NOTE_FUNCTION_SQL};`, `${PG_FUNCTION_SQL};`)
  for (const table of watched) {
    if (!noted.has(table))
      script.push(
        `CREATE TRIGGER "${PG_NOTE_TRIGGER}" AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "${PG_NOTE_FUNCTION}"();`,
      )
    if (!stamped.has(table))
      script.push(
        `CREATE CONSTRAINT TRIGGER "${PG_TRIGGER}" AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${PG_FUNCTION}"();`,
      )
  }
  if (script.length) await conn.script(script.join('\n'))
}

/** Tables of the database that lack this version's triggers (a test keeps it empty). */
export async function tablesWithoutTriggers(conn: TriggerConn, provider: Provider): Promise<string[]> {
  if (provider === 'sqlite') {
    const tables = (
      await conn.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    ).map((r) => String(r.name))
    const names = new Set(
      (await conn.query(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)).map((r) => String(r.name)),
    )
    return tables.filter(
      (t) => !CHANGELESS.has(t) && !['insert', 'update', 'delete'].every((op) => names.has(sqliteName(t, op))),
    )
  }
  const tables = (await conn.query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`)).map((r) =>
    String(r.tablename),
  )
  const has = new Set(
    (
      await conn.query(
        `SELECT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND t.tgname IN ('${PG_TRIGGER}', '${PG_NOTE_TRIGGER}') GROUP BY c.relname HAVING count(*) = 2`,
      )
    ).map((r) => String(r.table)),
  )
  return tables.filter((t) => !CHANGELESS.has(t) && !has.has(t))
}
