// The schema as data: models, columns (with their database names), relations and `///` field
// documentation, from Prisma's public DMMF, written at generate time by scripts/model-map-generator.mjs.
// SQL builders (fast-read.ts, where-sql.ts) and schema-derived rules (polymorphic-cleanup.ts) read it.
import { modelMap } from './generated/model-map'

export type ModelName = keyof typeof modelMap

export interface FieldInfo {
  kind: 'scalar' | 'object' | 'enum' | 'unsupported'
  type: string
  dbName: string
  isList: boolean
  isRequired: boolean
  relationName?: string
  relationFromFields?: readonly string[]
  relationToFields?: readonly string[]
  relationOnDelete?: string | null
  documentation?: string
}

export interface ModelInfo {
  name: ModelName
  dbName: string
  fields: Readonly<Record<string, FieldInfo>>
}

const byName = new Map<string, ModelInfo>(
  Object.entries(modelMap).map(([name, m]) => [name, { name: name as ModelName, dbName: m.dbName, fields: m.fields }]),
)

export function model(name: ModelName): ModelInfo {
  return byName.get(name)!
}

export const models = (): ModelInfo[] => [...byName.values()]

const columnMaps = new Map<string, ReadonlyMap<string, string>>()

/** Scalar field name → its column's name in the database. */
export function columnsOf(name: ModelName): ReadonlyMap<string, string> {
  let cols = columnMaps.get(name)
  if (!cols) {
    cols = new Map(
      Object.entries(model(name).fields)
        .filter(([, f]) => f.kind === 'scalar' || f.kind === 'enum')
        .map(([field, f]) => [field, f.dbName]),
    )
    columnMaps.set(name, cols)
  }
  return cols
}

/** The table of a model (undefined for a name that is none). */
export const tableOf = (name: string): string | undefined => byName.get(name)?.dbName

const tableNames = new Set([...byName.values()].map((m) => m.dbName))
const cachedSqlTables = new Map<string, ReadonlySet<string> | undefined>()

/**
 * The tables a raw SQL statement reads, from its quoted identifiers, or undefined when it may read
 * one it does not name that way. Tables are PascalCase and PostgreSQL folds an unquoted identifier to
 * lower case, so a statement that runs on both databases (the suite runs each on both) quotes every
 * table it names; columns and aliases start in lower case. A quoted name in upper case (or `_`) that
 * is no known table, or none at all, gives undefined: the reader then depends on every table.
 */
export function tablesInSql(sql: string): ReadonlySet<string> | undefined {
  if (cachedSqlTables.has(sql)) return cachedSqlTables.get(sql)
  const found = new Set<string>()
  let known = true
  for (const [, name] of sql.matchAll(/"([^"]+)"/g))
    if (/^[A-Z_]/.test(name!)) {
      if (tableNames.has(name!)) found.add(name!)
      else known = false
    }
  const tables = known && found.size ? found : undefined
  // Statements are few and fixed (values are parameters): the cache stays small.
  if (cachedSqlTables.size < 1000) cachedSqlTables.set(sql, tables)
  return tables
}

/** A relation with no foreign key on either side and lists on both: Prisma's implicit join table. */
function joinTable(from: ModelInfo, field: FieldInfo): string | undefined {
  if (!field.isList || field.relationFromFields?.length) return undefined
  const other = byName.get(field.type)
  const back =
    other && Object.values(other.fields).find((f) => f.relationName === field.relationName && f.type === from.name)
  return back?.isList && !back.relationFromFields?.length && field.relationName ? `_${field.relationName}` : undefined
}

/**
 * The tables a Prisma operation on `name` with `args` may read: its own and every related model named
 * anywhere in the arguments (include, select, relation filters, counts, nested writes), found by
 * walking them — an over-estimate at worst, never an under-estimate.
 */
export function tablesOf(name: string, args: unknown, into: Set<string> = new Set()): Set<string> {
  const info = byName.get(name)
  if (!info) return into
  into.add(info.dbName)
  const walk = (at: ModelInfo, value: unknown, depth: number): void => {
    if (depth > 64 || value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value))
      return
    if (Array.isArray(value)) {
      for (const v of value) walk(at, v, depth + 1)
      return
    }
    for (const [key, v] of Object.entries(value)) {
      const field = at.fields[key]
      if (field?.kind === 'object') {
        const related = byName.get(field.type)
        if (!related) continue
        into.add(related.dbName)
        const join = joinTable(at, field)
        if (join) into.add(join)
        walk(related, v, depth + 1)
      } else walk(at, v, depth + 1)
    }
  }
  walk(info, args, 0)
  return into
}
