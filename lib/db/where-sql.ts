// Translates the subset of Prisma `where`/`orderBy` objects our finders build into parameterized SQL,
// so hot lists can run as prepared statements (fast-read.ts) with the very filter objects that
// Prisma would run. Anything outside the subset throws Unsupported: the caller then uses Prisma and
// reports it (lib/db/index.ts: a log line and app_db_fast_read_fallbacks_total). Identifiers are
// checked against the model's columns (field → database column, model-map.ts); every value is a
// bound parameter.

const UNSUPPORTED = Symbol.for('app.db.where-sql.unsupported')

export class Unsupported extends Error {
  readonly [UNSUPPORTED] = true
}

/**
 * Whether `e` is an Unsupported of any copy of this module: the fast reader lives in process state,
 * so the Next.js bundle's calls get errors made by the server bundle's class, which `instanceof`
 * does not recognise (the console's runner lists answered 500 for a tag filter).
 */
export const isUnsupported = (e: unknown): e is Unsupported => typeof e === 'object' && e !== null && UNSUPPORTED in e

/** Scalar field name → column name (model-map.ts `columnsOf`). */
export type Columns = ReadonlyMap<string, string>

export type Dialect = 'sqlite' | 'postgresql'
type Where = Record<string, unknown>

export interface SqlPart {
  sql: string
  params: unknown[]
}

const LIKE_ESCAPE = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** How a value is stored: SQLite keeps DateTime as ISO text and Boolean as 0/1 (Prisma's format). */
function bind(dialect: Dialect, value: unknown): unknown {
  if (dialect === 'sqlite') {
    if (value instanceof Date) return value.toISOString().replace('Z', '+00:00')
    if (typeof value === 'boolean') return value ? 1 : 0
  }
  return value
}

export function whereToSql(where: Where | undefined, columns: Columns, dialect: Dialect): SqlPart {
  const params: unknown[] = []
  const p = (v: unknown) => {
    params.push(bind(dialect, v))
    return dialect === 'postgresql' ? `$${params.length}` : '?'
  }
  const col = (name: string) => {
    const column = columns.get(name)
    if (column === undefined) throw new Unsupported(`column ${name}`)
    return `"${column}"`
  }
  const like = (c: string, pattern: string, insensitive: boolean) =>
    `${c} ${dialect === 'postgresql' && insensitive ? 'ILIKE' : 'LIKE'} ${p(pattern)} ESCAPE '\\'`

  function field(name: string, cond: unknown): string {
    const c = col(name)
    if (cond === null) return `${c} IS NULL`
    if (typeof cond !== 'object' || cond instanceof Date) return `${c} = ${p(cond)}`
    const parts: string[] = []
    const o = cond as Record<string, unknown>
    const insensitive = o.mode === 'insensitive'
    for (const [op, v] of Object.entries(o)) {
      if (op === 'mode') continue
      if (op === 'equals') parts.push(v === null ? `${c} IS NULL` : `${c} = ${p(v)}`)
      else if (op === 'not')
        parts.push(
          v === null
            ? `${c} IS NOT NULL`
            : typeof v === 'object' && !(v instanceof Date)
              ? `NOT (${field(name, v)})`
              : `${c} <> ${p(v)}`,
        )
      else if (op === 'in' && Array.isArray(v)) parts.push(v.length ? `${c} IN (${v.map(p).join(', ')})` : '1 = 0')
      else if (op === 'gt' || op === 'gte' || op === 'lt' || op === 'lte')
        parts.push(`${c} ${{ gt: '>', gte: '>=', lt: '<', lte: '<=' }[op]} ${p(v)}`)
      else if (op === 'startsWith' && typeof v === 'string') parts.push(like(c, `${LIKE_ESCAPE(v)}%`, insensitive))
      else if (op === 'endsWith' && typeof v === 'string') parts.push(like(c, `%${LIKE_ESCAPE(v)}`, insensitive))
      else if (op === 'contains' && typeof v === 'string') parts.push(like(c, `%${LIKE_ESCAPE(v)}%`, insensitive))
      else throw new Unsupported(`operator ${op}`)
    }
    return parts.length ? parts.join(' AND ') : '1 = 1'
  }

  function node(w: Where): string {
    const parts: string[] = []
    for (const [key, v] of Object.entries(w)) {
      if (v === undefined) continue
      if (key === 'AND' || key === 'OR') {
        const list = (Array.isArray(v) ? v : [v]) as Where[]
        if (!list.length) parts.push(key === 'AND' ? '1 = 1' : '1 = 0')
        else parts.push(`(${list.map(node).join(key === 'AND' ? ' AND ' : ' OR ')})`)
      } else if (key === 'NOT') parts.push(`NOT (${node(v as Where)})`)
      else parts.push(field(key, v))
    }
    return parts.length ? parts.join(' AND ') : '1 = 1'
  }

  return { sql: node(where ?? {}), params }
}

export function orderToSql(
  orderBy: Record<string, 'asc' | 'desc'>[] | Record<string, 'asc' | 'desc'>,
  columns: Columns,
): string {
  const list = Array.isArray(orderBy) ? orderBy : [orderBy]
  return (
    list
      .flatMap((o) => Object.entries(o))
      // `dir` goes into the SQL text: checked at run time whatever the caller's type says.
      .map(([name, dir]: [string, string]) => {
        const column = columns.get(name)
        if (column === undefined || (dir !== 'asc' && dir !== 'desc')) throw new Unsupported(`order ${name}`)
        return `"${column}" ${dir.toUpperCase()}`
      })
      .join(', ')
  )
}
