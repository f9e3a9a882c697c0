// The PUT /application/settings parameters, generated from the definitions: one source of names,
// types, enums and defaults for the API, the console forms and the OpenAPI document.
import { z } from 'zod'
import { p, toInt } from '../api/param-types'
import { SETTINGS, type SettingDef } from './definitions'

/** Arrays, or strings split on commas, semicolons and newlines (GitLab's list settings). */
const splitList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(/[\n,;]+/)
        .map((s) => s.trim())
        .filter(Boolean)
    : v
const toFloat = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v)
const nullable = <T extends z.ZodType>(t: T) => z.union([z.null(), t]).optional()

function paramType(def: SettingDef): z.ZodType {
  if (def.enum) {
    const values = def.enum
    const allowed = (v: unknown) => values.some((x) => x === v || String(x) === String(v))
    const coerce = typeof values[0] === 'number' ? (v: unknown) => toInt(v) : (v: unknown) => v
    const item = z.preprocess(coerce, z.unknown().refine(allowed, { params: { grape: 'does not have a valid value' } }))
    return def.type.endsWith('_list') ? z.preprocess(splitList, z.array(item)) : item
  }
  switch (def.type) {
    case 'boolean':
      return p.bool()
    case 'integer':
      return p.int()
    case 'float':
      return z.preprocess(toFloat, z.number())
    case 'string':
      return z.string()
    case 'string_list':
      return z.preprocess(splitList, z.array(z.string()))
    case 'integer_list':
      return z.preprocess(splitList, z.array(p.int()))
    case 'hash':
      return z.record(z.string(), z.unknown())
  }
}

export const WRITABLE = SETTINGS.filter((d) => !d.readOnly)

/** Every writable setting, optional; strings may be sent empty or null to clear them. */
export const updateSettingsParams = z.object(
  Object.fromEntries(
    WRITABLE.map((d) => [d.key, d.type === 'string' ? nullable(paramType(d)) : p.optional(paramType(d))]),
  ),
)

function readType(def: SettingDef): z.ZodType {
  const base = ((): z.ZodType => {
    switch (def.type) {
      case 'boolean':
        return z.boolean()
      case 'integer':
        return z.number().int()
      case 'float':
        // GitLab's numeric columns travel as strings ("1.0"), float columns as numbers.
        return def.decimal ? z.string().regex(/^-?\d+\.\d+$/) : z.number()
      case 'string':
        return z.string().nullable()
      case 'string_list':
        return z.array(z.string())
      case 'integer_list':
        return z.array(z.number().int())
      case 'hash':
        return z.record(z.string(), z.unknown())
    }
  })()
  return def.default === null ? base.nullable() : base
}

/** Every setting by key (the definitions table is data, so keys are typed as strings). */
type SettingsBody = { id: 1; created_at: string; updated_at: string } & Record<string, unknown>

/**
 * GET/PUT /application/settings' body: every setting with its JSON type, and the read model's id
 * and times. Typed with an index signature: the keys come from the definitions table at runtime
 * (a spread of Object.fromEntries would silently drop them from the static type).
 */
export const settingsSchema: z.ZodType<SettingsBody> = z.strictObject({
  id: z.literal(1),
  ...Object.fromEntries(SETTINGS.map((d) => [d.key, readType(d)])),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
})
