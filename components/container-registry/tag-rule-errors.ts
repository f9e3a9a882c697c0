// Where a tag protection rule call's errors land. The API speaks Rails' full messages: POST sends
// `{"message": [..]}` (or one string at the rule cap), PATCH `{"message": {"error": [..]}}`, and
// Grape's own 400 `{"error": "<param> does not have a valid value"}`. Messages about the pattern
// go to the pattern field, those naming a level to its select, the rest on the form.
import { ApiClientError } from '../api-client'

export type TagRuleField = 'tag_name_pattern' | 'minimum_access_level_for_push' | 'minimum_access_level_for_delete'
export type TagRuleErrors = Partial<Record<TagRuleField | 'root', string>>

const FIELDS: readonly TagRuleField[] = [
  'tag_name_pattern',
  'minimum_access_level_for_push',
  'minimum_access_level_for_delete',
]

function messagesOf(body: unknown): string[] {
  const b = (body ?? {}) as { message?: unknown; error?: unknown }
  if (typeof b.message === 'string') return [b.message]
  if (Array.isArray(b.message)) return b.message.map(String)
  if (b.message && typeof b.message === 'object')
    return Object.values(b.message as Record<string, unknown>).flatMap((v) =>
      Array.isArray(v) ? v.map(String) : [String(v)],
    )
  if (typeof b.error === 'string') return [b.error]
  return []
}

function fieldOf(message: string): TagRuleField | 'root' {
  if (message.startsWith('Tag name pattern')) return 'tag_name_pattern'
  return FIELDS.find((f) => message.startsWith(`${f} `)) ?? 'root'
}

export function tagRuleErrors(err: unknown): TagRuleErrors {
  if (!(err instanceof ApiClientError)) return { root: err instanceof Error ? err.message : 'Request failed' }
  const messages = messagesOf(err.body)
  if (!messages.length) return { root: err.message }
  const out: TagRuleErrors = {}
  for (const m of messages) {
    const field = fieldOf(m)
    out[field] = out[field] ? `${out[field]}; ${m}` : m
  }
  return out
}
