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
  const fail = (key: string, msg: string) => ctx.addIssue({ code: 'custom', path: [key], message: `${humanize(key)} ${msg}` })
  for (const def of defs) {
    const v = values[def.key]
    const text = raw[def.key]
    if ((def.type === 'integer' || def.type === 'float') && typeof text === 'string' && text.trim() === '' && def.default !== null) {
      fail(def.key, "can't be blank")
      continue
    }
    if (typeof v === 'number') {
      if (def.min !== undefined && v < def.min) fail(def.key, `must be greater than or equal to ${def.min}`)
      if (def.max !== undefined && v > def.max) fail(def.key, `must be less than or equal to ${def.max}`)
    }
    if (typeof v === 'string' && def.maxLength !== undefined && v.length > def.maxLength) fail(def.key, `is too long (maximum is ${def.maxLength} characters)`)
    if (Array.isArray(v) && def.maxItems !== undefined && v.length > def.maxItems) fail(def.key, `is too long (maximum is ${def.maxItems} entries)`)
  }
}

export function sectionSchema(defs: SettingDef[]) {
  const writable = defs.filter(isWritable)
  const picked = updateSettingsParams.pick(Object.fromEntries(writable.map((d) => [d.key, true as const])))
  return z
    .custom<FormValues>((v) => typeof v === 'object' && v !== null)
    .transform((raw, ctx) => {
      const converted = Object.fromEntries(writable.map((d) => [d.key, fromFormValue(d, raw[d.key])]))
      const parsed = picked.safeParse(converted)
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: grapeText(issue) })
        return z.NEVER
      }
      modelChecks(writable, raw, parsed.data, ctx)
      return parsed.data
    })
}

/** Grape's wording for a bad parameter, on the humanized field name. */
function grapeText(issue: z.core.$ZodIssue): string {
  const key = String(issue.path[0] ?? 'value')
  const grape = (issue as { params?: { grape?: string } }).params?.grape
  return `${humanize(key)} ${grape ?? 'is invalid'}`
}

export function sectionResolver(defs: SettingDef[]): Resolver<FormValues, unknown, ApiValues> {
  return zodResolver(sectionSchema(defs))
}
