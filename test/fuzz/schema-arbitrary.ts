// fast-check arbitraries from the JSON Schemas of the product's own OpenAPI document (lib/openapi):
// values of the declared shape (the valid requests the families then mutate). Only the subset
// z.toJSONSchema emits is handled; anything else is "any JSON value".
import { fc } from '@fast-check/vitest'

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  format?: string
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  propertyNames?: JsonSchema
}

// Plausible words first: names, refs, paths and enum-like values reach deeper than random text.
const WORDS = ['main', 'test', 'fuzz', 'README.md', 'a-b_c', 'x', 'v1.0', 'developer', 'public', 'private', '*', 'name']
const text = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WORDS.filter((w) => w.length >= min && w.length <= max)) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 24) }) },
  )

const DATES = ['2024-01-01', '2030-12-31', '1970-01-01']
const DATE_TIMES = ['2024-01-01T00:00:00Z', '2030-06-15T12:30:00.000Z', '2024-02-29T23:59:59+02:00']

/** A value of `schema`'s shape. `depth` bounds nested objects and arrays (the schemas are finite, but `{}` is anything). */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0)
    return depth > 2 ? fc.constantFrom('x', 1, true, null) : fc.jsonValue({ maxDepth: 2 })
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth)))
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth)
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((t) => arbitraryOf({ ...schema, type: t }, depth)))
  switch (schema.type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer': {
      const min = Math.max(
        schema.minimum ?? Number.MIN_SAFE_INTEGER,
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER,
      )
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER
      const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.max(min, 0), Math.min(max, 5)) })
      return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) })
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum }),
      )
    case 'string': {
      if (schema.format === 'date') return fc.constantFrom(...DATES)
      if (schema.format === 'date-time') return fc.constantFrom(...DATE_TIMES)
      if (schema.format === 'email') return fc.constantFrom('fuzz@example.com', 'a.b+c@example.org')
      if (schema.format === 'uri' || schema.format === 'url')
        return fc.constantFrom('http://127.0.0.1:9/x', 'https://example.com/')
      return text(schema.minLength ?? 0, schema.maxLength ?? 255)
    }
    case 'array': {
      if (depth > 3) return fc.constant([])
      return fc.array(arbitraryOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      })
    }
    case 'object': {
      if (depth > 3) return fc.constant({})
      if (schema.properties) return objectOf(schema, depth)
      const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined
      return fc.dictionary(
        arbitraryOf(schema.propertyNames ?? { type: 'string', minLength: 1 }, depth + 1) as fc.Arbitrary<string>,
        arbitraryOf(values, depth + 1),
        { maxKeys: 3 },
      )
    }
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** The required properties always, each optional one sometimes (shrinks towards fewer). */
export function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? [])
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, s] of Object.entries(schema.properties ?? {})) record[name] = arbitraryOf(s, depth + 1)
  return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) })
}
