// GitLab error bodies → text. Shapes: {"message": "..."}, {"message": {"field": ["msg"]}},
// {"error": "..."} (Grape), {"error": "...", "error_description": "..."} (OAuth).
export type FieldErrors = Record<string, string[]>

export function fieldErrorsOf(body: unknown): FieldErrors {
  const message = (body as { message?: unknown } | null)?.message
  if (!message || typeof message !== 'object' || Array.isArray(message)) return {}
  const out: FieldErrors = {}
  for (const [field, msgs] of Object.entries(message as Record<string, unknown>)) {
    out[field] = Array.isArray(msgs) ? msgs.map(String) : [String(msgs)]
  }
  return out
}

export function errorMessageOf(body: unknown, status?: number): string {
  if (typeof body === 'string' && body.trim()) return body
  const b = (body ?? {}) as { message?: unknown; error?: unknown; error_description?: unknown }
  if (typeof b.message === 'string') return b.message
  if (typeof b.error_description === 'string') return b.error_description
  if (typeof b.error === 'string') return b.error
  const fields = fieldErrorsOf(body)
  const parts = Object.entries(fields).map(([f, msgs]) => `${f.replace(/_/g, ' ')} ${msgs.join(', ')}`)
  if (parts.length) return parts.join('; ')
  return status ? `Request failed (HTTP ${status})` : 'Request failed'
}
