// Hot-path reads through the driver's prepared statements instead of Prisma. Measured here: one
// indexed read through better-sqlite3 costs ~20 µs, through Prisma's client ~300 µs, and every
// authenticated request does one or two of them. Rows come back in Prisma's shapes (field names,
// Date, boolean), converted with the model map (model-map.ts, from Prisma's DMMF), so callers use
// them interchangeably.
// Only unique-key lookups live here; everything else goes through Prisma.
import type { CustomTypesConfig } from 'pg'
import { config } from '../config'
import { countQuery, type Db } from './client'
import { noteRead } from '../runtime/invalidation'
import { readDependency } from './change-stamp'
import { logger } from '../runtime/log'
import { processState } from '../util/process-state'
import { providerOf } from './migrate'
import { columnsOf, model as modelInfo } from './model-map'
import { orderToSql, Unsupported, whereToSql } from './where-sql'

type ModelName =
  | 'User'
  | 'PersonalAccessToken'
  | 'Namespace'
  | 'Project'
  | 'Runner'
  | 'Job'
  | 'Issue'
  | 'Identity'
  | 'Pipeline'
  | 'BroadcastMessage'
  | 'ProjectGroupLink'
  | 'RunnerManager'
  | 'Snippet'
  | 'SnippetVersion'
  | 'Member'
  | 'PipelineSchedule'
  | 'PipelineScheduleVariable'
  | 'GroupGroupLink'
  | 'BulkImport'
type FieldTypes = Map<string, string>
type Row = Record<string, unknown>

export interface ManyArgs {
  /** Columns to read (default all): lists that hydrate from a cache read only their keys. */
  select?: readonly string[]
  where?: Record<string, unknown>
  orderBy: Record<string, 'asc' | 'desc'>[] | Record<string, 'asc' | 'desc'>
  skip?: number
  take: number
  /**
   * 'expected': filters outside the translatable subset (relation filters) are a normal case for
   * this caller, so falling back to Prisma is not worth a warning.
   */
  fallback?: 'expected'
}

interface Reader {
  one(model: ModelName, column: string, value: unknown): Promise<Row | undefined>
  /** Throws Unsupported (where-sql.ts) when the filter is outside the translatable subset. */
  many(model: ModelName, args: ManyArgs): Promise<Row[]>
  /** Rows matching `where` per value of the column `by` (GROUP BY + COUNT); values with none are absent. */
  countBy(model: ModelName, by: string, where: Record<string, unknown>): Promise<Map<unknown, number>>
  /** One round trip (`SELECT 1`): the database answers. */
  ping(): Promise<void>
  close(): Promise<void>
}

// Statements are cached by their SQL text; IN lists of many lengths could grow that without end.
const MAX_STATEMENTS = 500

function fieldTypes(model: ModelName): FieldTypes {
  return new Map(
    Object.entries(modelInfo(model).fields)
      .filter(([, f]) => f.kind === 'scalar')
      .map(([name, f]) => [name, f.type]),
  )
}

/** The select list naming every column by its field (the same text as `*` while no column is @map-ped). */
const selectAllOf = new Map<ModelName, string>()
function selectAll(model: ModelName): string {
  let sql = selectAllOf.get(model)
  if (sql === undefined)
    selectAllOf.set(
      model,
      (sql = [...columnsOf(model)]
        .map(([field, column]) => (field === column ? `"${field}"` : `"${column}" AS "${field}"`))
        .join(', ')),
    )
  return sql
}
const table = (model: ModelName) => `"${modelInfo(model).dbName}"`

// Counted with Prisma's queries when DB_COUNT_QUERIES=1, so tests see every round trip.
const counted = (row: Row | undefined) => {
  countQuery()
  return row
}

function convert(row: Row, types: FieldTypes): Row {
  for (const [name, type] of types) {
    const v = row[name]
    if (v === null || v === undefined) continue
    if (type === 'DateTime' && !(v instanceof Date)) row[name] = new Date(v as string)
    else if (type === 'Boolean' && typeof v !== 'boolean') row[name] = v === 1 || v === '1' || v === true
  }
  return row
}

async function sqliteReader(file: string): Promise<{
  raw: (sql: string, value: unknown) => Row | undefined
  all: (sql: string, params: unknown[]) => Row[]
  close: () => Promise<void>
}> {
  const { default: Database } = await import('better-sqlite3')
  const conn = new Database(file, { readonly: true, fileMustExist: true })
  conn.pragma('busy_timeout = 5000')
  const statements = new Map<string, import('better-sqlite3').Statement>()
  const statement = (sql: string) => {
    let st = statements.get(sql)
    if (!st) {
      if (statements.size >= MAX_STATEMENTS) statements.clear()
      statements.set(sql, (st = conn.prepare(sql)))
    }
    return st
  }
  return {
    raw: (sql, value) => statement(sql).get(value) as Row | undefined,
    all: (sql, params) => statement(sql).all(...params) as Row[],
    close: async () => void conn.close(),
  }
}

async function postgresReader(url: string): Promise<{
  raw: (sql: string, value: unknown) => Promise<Row | undefined>
  all: (sql: string, params: unknown[]) => Promise<Row[]>
  close: () => Promise<void>
}> {
  const { default: pg } = await import('pg')
  // Prisma stores DateTime as timestamp(3) without zone, in UTC: parse it as UTC, whatever TZ says.
  const types: CustomTypesConfig = {
    getTypeParser: (oid, format) =>
      oid === pg.types.builtins.TIMESTAMP
        ? (s: string) => new Date(`${s.replace(' ', 'T')}Z`)
        : (pg.types.getTypeParser(oid, format) as (s: string) => unknown),
  }
  const pool = new pg.Pool({ connectionString: url, max: config().databasePoolSize, types })
  // An idle connection the server closes (a restart) emits 'error' on the pool: unheard, it ends
  // the process. The pool drops it and the next read connects anew.
  pool.on('error', (err) => logger().warn({ err }, 'fast reads: idle database connection lost'))
  // Named statements are prepared once per connection by pg. Past the cap, new shapes run unnamed.
  const names = new Map<string, string>()
  const named = (sql: string) => {
    let name = names.get(sql)
    if (!name && names.size < MAX_STATEMENTS) names.set(sql, (name = `fast_${names.size}`))
    return name
  }
  return {
    raw: async (sql, value) =>
      (await pool.query({ name: named(sql), text: sql, values: [value] })).rows[0] as Row | undefined,
    all: async (sql, params) => (await pool.query({ name: named(sql), text: sql, values: params })).rows as Row[],
    close: () => pool.end(),
  }
}

const g = processState('db.fastReader', () => ({ reader: undefined as Promise<Reader> | undefined }))

/** The process's reader; taking `db` proves migrations have run. */
export function fastReader(_db: Db): Promise<Reader> {
  return (g.reader ??= (async () => {
    const url = config().databaseUrl
    const pgSide = providerOf(url) === 'postgresql'
    const typesOf = new Map<ModelName, FieldTypes>()
    const types = (m: ModelName) => typesOf.get(m) ?? (typesOf.set(m, fieldTypes(m)), typesOf.get(m)!)
    // Built once per model and column: every authenticated request runs one or two of these.
    const oneSql = new Map<string, string>()
    const sqlFor = (m: ModelName, column: string) => {
      const cached = oneSql.get(`${m}.${column}`)
      if (cached) return cached
      const name = columnsOf(m).get(column)
      if (!types(m).has(column) || name === undefined) throw new Error(`fast-read: ${m}.${column} is not a column`)
      const sql = `SELECT ${selectAll(m)} FROM ${table(m)} WHERE "${name}" = ${pgSide ? '$1' : '?'} LIMIT 1`
      oneSql.set(`${m}.${column}`, sql)
      return sql
    }
    const dialect = pgSide ? 'postgresql' : 'sqlite'
    const manySql = (m: ModelName, args: ManyArgs) => {
      const cols = columnsOf(m)
      const where = whereToSql(args.where, cols, dialect)
      const n = where.params.length
      const [limit, offset] = pgSide ? [`$${n + 1}`, `$${n + 2}`] : ['?', '?']
      const select = args.select
        ? args.select
            .map((c) => {
              const column = cols.get(c)
              if (column === undefined) throw new Unsupported(`column ${c}`)
              return column === c ? `"${c}"` : `"${column}" AS "${c}"`
            })
            .join(', ')
        : selectAll(m)
      const sql = `SELECT ${select} FROM ${table(m)} WHERE ${where.sql} ORDER BY ${orderToSql(args.orderBy, cols)} LIMIT ${limit} OFFSET ${offset}`
      return { sql, params: [...where.params, args.take, args.skip ?? 0] }
    }
    const r = pgSide ? await postgresReader(url) : await sqliteReader(url.replace(/^file:/, '').replace(/\?.*$/, ''))
    return {
      one: async (m, c, v) => {
        noteRead(readDependency(modelInfo(m).dbName))
        const row = counted(await r.raw(sqlFor(m, c), v))
        return row && convert(row, types(m))
      },
      many: async (m, args) => {
        noteRead(readDependency(modelInfo(m).dbName))
        const { sql, params } = manySql(m, args)
        counted({})
        return (await r.all(sql, params)).map((row) => convert(row, types(m)))
      },
      countBy: async (m, by, whereArgs) => {
        noteRead(readDependency(modelInfo(m).dbName))
        const cols = columnsOf(m)
        const column = cols.get(by)
        if (column === undefined) throw new Unsupported(`column ${by}`)
        const where = whereToSql(whereArgs, cols, dialect)
        counted({})
        const rows = await r.all(
          `SELECT "${column}" AS k, COUNT(*) AS n FROM ${table(m)} WHERE ${where.sql} GROUP BY "${column}"`,
          where.params,
        )
        // PostgreSQL's COUNT is a bigint, which pg hands over as a string.
        return new Map(rows.map((row) => [row.k, Number(row.n)]))
      },
      ping: async () => {
        await r.all('SELECT 1', [])
      },
      close: r.close,
    }
  })())
}

export async function closeFastReader(): Promise<void> {
  const r = g.reader
  g.reader = undefined
  if (r) await (await r).close()
}
