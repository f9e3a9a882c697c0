// One section's form schema: the PUT endpoint's own zod params (lib/settings/schema.ts) picked to
// the section's keys, so the browser rejects a type or enum error exactly where the API would,
// plus the definitions' ranges and lengths with the model's messages (lib/settings/validate.ts).
// Formats (regex, URL, hostname) are checked only by the server: RE2 does not run in a browser,
// and its message then lands on the field through applySettingsErrors.
import type { Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import type { SettingDef } from '@/lib/settings/definitions'
import { updateSettingsParams } from '@/lib/settings/schema'
import { fromFormValue, humanize, type FormValues } from './setting-values'

export type ApiValues = Record<string, unknown>

const writableKeys = new Set(Object.keys(updateSettingsParams.shape))
export const isWritable = (def: SettingDef) => writableKeys.has(def.key)

function modelChecks(defs: SettingDef[], raw: FormValues, values: ApiValues, ctx: z.RefinementCtx) {
  const fail = (key: string, msg: string) =>
    ctx.addIssue({ code: 'custom', path: [key], message: `${humanize(key)} ${msg}` })
  for (const def of defs) {
    const v = values[def.key]
    const text = raw[def.key]
    if (
      (def.type === 'integer' || def.type === 'float') &&
      typeof text === 'string' &&
      text.trim() === '' &&
      def.default !== null
    ) {
      fail(def.key, "can't be blank")
      continue
    }
    if (typeof v === 'number') {
      if (def.min !== undefined && v < def.min) fail(def.key, `must be greater than or equal to ${def.min}`)
      if (def.max !== undefined && v > def.max) fail(def.key, `must be less than or equal to ${def.max}`)
    }
    if (typeof v === 'string' && def.maxLength !== undefined && v.length > def.maxLength)
      fail(def.key, `is too long (maximum is ${def.maxLength} characters)`)
    if (Array.isArray(v) && def.maxItems !== undefined && v.length > def.maxItems)
      fail(def.key, `is too long (maximum is ${def.maxItems} entries)`)
  }
}

export function sectionSchema(defs: SettingDef[]) {
  const writable = defs.filter(isWritable)
  const shape = updateSettingsParams.shape as Record<string, z.ZodType>
  return z
    .custom<FormValues>((v) => typeof v === 'object' && v !== null)
    .transform((raw, ctx) => {
      // Field by field, so that one field's type error does not hide another's range error: every
      // invalid field is reported at once, each at its own place.
      const data: ApiValues = {}
      let failed = false
      for (const def of writable) {
        const converted = fromFormValue(def, raw[def.key])
        const jsonError = def.type === 'hash' ? hashError(raw[def.key]) : null
        const parsed = jsonError ? null : shape[def.key]!.safeParse(converted)
        if (parsed?.success) {
          data[def.key] = parsed.data
          continue
        }
        failed = true
        const message = jsonError ?? grapeText(def.key, parsed!.error.issues[0]!)
        ctx.addIssue({ code: 'custom', path: [def.key], message: `${humanize(def.key)} ${message}` })
      }
      modelChecks(writable, raw, data, ctx)
      return failed ? z.NEVER : data
    })
}

/** A hash's text that is not a JSON object, in words (the API would only say "is invalid"). */
function hashError(text: FormValues[string] | undefined): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null
  try {
    const value = JSON.parse(text) as unknown
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? null : 'must be a JSON object ({ … })'
  } catch (e) {
    return `is not valid JSON: ${(e as Error).message}`
  }
}

/** Grape's wording for a bad parameter. */
function grapeText(key: string, issue: z.core.$ZodIssue): string {
  const grape = (issue as { params?: { grape?: string } }).params?.grape
  return grape ?? 'is invalid'
}

export function sectionResolver(defs: SettingDef[]): Resolver<FormValues, unknown, ApiValues> {
  return zodResolver(sectionSchema(defs))
}
