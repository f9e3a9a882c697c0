// Conversions between a setting's API value and what its form control holds. Form values stay
// strings (and booleans for checkboxes) so that an unfinished edit — "12a", half-typed JSON — can
// be shown back with an error instead of being lost in a coercion.
import { SETTINGS, type SettingDef, type SettingSection } from '@/lib/settings/definitions'

export type FormValue = string | boolean
export type FormValues = Record<string, FormValue>

/** A textarea rather than a one-line input above this length (terms, messages, keys). */
const LONG_TEXT = 200
const LONG_KEYS = /terms|message|text|description|certificate|key$|_html$/

export const sectionDefs = (section: SettingSection): SettingDef[] => SETTINGS.filter((d) => d.section === section)

export function isLongText(def: SettingDef, value: unknown): boolean {
  if (def.type !== 'string' || def.enum || def.secret) return false
  return LONG_KEYS.test(def.key) || (typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n')))
}

/** A scalar as its text; anything else (a stray object) as JSON rather than "[object Object]". */
const scalarText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : JSON.stringify(value)

export function toFormValue(def: SettingDef, value: unknown): FormValue {
  switch (def.type) {
    case 'boolean':
      return value === true
    case 'integer':
    case 'float':
      return scalarText(value)
    case 'string_list':
    case 'integer_list':
      return Array.isArray(value) ? value.join('\n') : ''
    case 'hash':
      return value === null || value === undefined ? '' : JSON.stringify(value, null, 2)
    default:
      return scalarText(value)
  }
}

/**
 * The value to send for a form value, before the API schema coerces it. Empty means "cleared":
 * null for strings whose default is null (the API accepts null to clear), [] / {} for lists and
 * hashes, undefined (not sendable) for numbers.
 */
export function fromFormValue(def: SettingDef, raw: FormValue | undefined): unknown {
  if (def.type === 'boolean') return raw === true
  const text = typeof raw === 'string' ? raw : ''
  switch (def.type) {
    case 'integer':
    case 'float':
      return text.trim() === '' ? undefined : text.trim()
    case 'string_list':
    case 'integer_list':
      return text
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
    case 'hash':
      if (text.trim() === '') return {}
      try {
        return JSON.parse(text) as unknown
      } catch {
        return text // left as a string: the schema rejects it on its field
      }
    default:
      if (text === '' && def.enum) return null
      return text === '' ? (def.default === '' ? '' : null) : text
  }
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0)

/** Whether a value differs from the setting's default; "empty" forms (null, '', [], {}) are one value. */
export function differsFromDefault(def: SettingDef, value: unknown): boolean {
  if (isEmpty(value) && isEmpty(def.default)) return false
  // Numbers compare as numbers: a decimal setting arrives as "1.0" for the default 1.
  if (def.type === 'integer' || def.type === 'float')
    return value === undefined ? false : Number(value) !== Number(def.default)
  return JSON.stringify(normalize(value)) !== JSON.stringify(normalize(def.default))
}

/** Keys sorted ({"a":1,"b":2} = {"b":2,"a":1}) and numbers as text (form lists hold "5" for 5). */
function normalize(v: unknown): unknown {
  if (typeof v === 'number') return String(v)
  if (Array.isArray(v)) return v.map(normalize)
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, normalize((v as Record<string, unknown>)[k])]),
    )
  return v
}

/** "max_login_attempts" → "Max login attempts" (GitLab's humanized attribute names). */
export function humanize(key: string): string {
  const s = key.replace(/_/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}
