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

const byName = new Map<string, ModelInfo>(Object.entries(modelMap).map(([name, m]) => [name, { name: name as ModelName, dbName: m.dbName, fields: m.fields }]))

export function model(name: ModelName): ModelInfo {
  return byName.get(name)!
}

export const models = (): ModelInfo[] => [...byName.values()]

export const isModelName = (name: string): name is ModelName => byName.has(name)

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
