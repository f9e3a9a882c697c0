// Puts a rejected PUT /application/settings on the fields it names. The settings API fails in two
// shapes: Grape's parameter errors, one string of comma-separated "<key> <text>" parts
// ({"error":"max_login_attempts is invalid, terms is missing"}), and model validations per key
// ({"message":{"max_login_attempts":["must be greater than or equal to 1"]}}). Anything that names
// no field of this form goes on the form as a whole.
import type { UseFormSetError } from 'react-hook-form'
import { ApiClientError } from '../api-client'
import { humanize, type FormValues } from './setting-values'

const PART = /^([a-z0-9_]+)(?:\[[^\]]*\])* (.+)$/

/** Field → messages from either error shape. */
export function settingsErrorsOf(body: unknown): { fields: Record<string, string[]>; other: string[] } {
  const fields: Record<string, string[]> = {}
  const other: string[] = []
  const add = (key: string, msg: string) => (fields[key] ??= []).push(msg)
  const b = (body ?? {}) as { error?: unknown; message?: unknown }
  if (typeof b.error === 'string') {
    for (const part of b.error.split(/,\s*/)) {
      const m = PART.exec(part.trim())
      if (m) add(m[1]!, m[2]!)
      else if (part.trim()) other.push(part.trim())
    }
  }
  if (b.message && typeof b.message === 'object' && !Array.isArray(b.message)) {
    for (const [key, msgs] of Object.entries(b.message as Record<string, unknown>)) {
      for (const msg of Array.isArray(msgs) ? msgs : [msgs]) add(key, String(msg))
    }
  } else if (typeof b.message === 'string') other.push(b.message)
  return { fields, other }
}

export function applySettingsErrors(
  err: unknown,
  setError: UseFormSetError<FormValues>,
  keys: readonly string[],
): void {
  if (!(err instanceof ApiClientError)) {
    setError('root.server', { message: err instanceof Error ? err.message : 'Request failed' })
    return
  }
  const { fields, other } = settingsErrorsOf(err.body)
  const rest = [...other]
  let first = true
  for (const [key, msgs] of Object.entries(fields)) {
    const text = `${humanize(key)} ${msgs.join(', ')}`
    if (keys.includes(key)) {
      setError(key, { message: text }, { shouldFocus: first })
      first = false
    } else rest.push(text)
  }
  if (rest.length || !Object.keys(fields).length) setError('root.server', { message: rest.join('; ') || err.message })
}
