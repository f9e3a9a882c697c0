// GitLab's two error shapes for settings (shared/reference §2.3): types and enums fail as Grape
// params (schema.ts); "requires" rules fail as Grape `given … requires` ("<key> is missing", where
// only the same request counts); ranges and formats fail as model validations ({"message":{…}}).
import RE2 from 're2'
import { paramError, validation } from '../api/errors'
import { SETTINGS_BY_KEY, type SettingDef } from './definitions'

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i
const HOST = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/i
const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f:]+(\/\d{1,3})?)$/i
const DOMAIN = /^(\*\.)?([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i

function formatError(format: SettingDef['format'], value: string): string | null {
  if (value === '') return null
  switch (format) {
    case 'email':
      return EMAIL.test(value) ? null : 'is invalid'
    case 'url':
      try {
        const u = new URL(value)
        return u.protocol === 'http:' || u.protocol === 'https:'
          ? null
          : 'is blocked: Only allowed schemes are http, https'
      } catch {
        return 'must be a valid URL'
      }
    case 'regex':
      try {
        new RE2(value)
        return null
      } catch (e) {
        return `not valid RE2 syntax: ${(e as Error).message}`
      }
    case 'hex_color':
      return HEX.test(value) ? null : 'must be a valid color code'
    case 'hostname':
      return HOST.test(value) ? null : 'is invalid'
    case 'ip_or_cidr':
      return IP_OR_CIDR.test(value) ? null : 'is invalid'
    case 'domain':
      return DOMAIN.test(value) ? null : 'is invalid'
    default:
      return null
  }
}

/** Grape's given/requires: a flag turned on needs its settings in the same request. */
export function checkRequires(update: Record<string, unknown>): void {
  const missing: string[] = []
  for (const [key, value] of Object.entries(update)) {
    const def = SETTINGS_BY_KEY.get(key)
    if (value !== true || !def?.requires) continue
    for (const r of def.requires) if (update[r] === undefined && !missing.includes(r)) missing.push(r)
  }
  if (missing.length) throw paramError(missing.map((k) => `${k} is missing`).join(', '))
}

export function checkModel(update: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {}
  const add = (key: string, msg: string) => (errors[key] ??= []).push(msg)
  for (const [key, value] of Object.entries(update)) {
    const def = SETTINGS_BY_KEY.get(key)
    if (!def || value === null || value === undefined) continue
    if (typeof value === 'number') {
      if (def.min !== undefined && value < def.min) add(key, `must be greater than or equal to ${def.min}`)
      if (def.max !== undefined && value > def.max) add(key, `must be less than or equal to ${def.max}`)
    }
    if (typeof value === 'string') {
      if (def.maxLength !== undefined && value.length > def.maxLength)
        add(key, `is too long (maximum is ${def.maxLength} characters)`)
      const f = formatError(def.format, value)
      if (f) add(key, f)
    }
    if (Array.isArray(value)) {
      if (def.maxItems !== undefined && value.length > def.maxItems)
        add(key, `is too long (maximum is ${def.maxItems} entries)`)
      for (const item of value as unknown[]) {
        if (typeof item !== 'string') continue
        const f = formatError(def.itemFormat, item)
        if (f) {
          add(key, `${item} ${f}`)
          break
        }
      }
    }
  }
  if (Object.keys(errors).length) throw validation(errors)
}
