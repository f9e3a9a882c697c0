// Where a cleanup call's 400 lands: Grape names the parameter first (`name_regex_delete is an
// invalid regexp: …`, `keep_n is invalid`, `name_regex, name_regex_delete are missing, …`), so the
// message goes to that field as sent; anything else (the hourly limit, a 403) goes on the form.
import { ApiClientError } from '../api-client'
import { CLEANUP_FIELDS, type CleanupErrors } from './cleanup-values'

export function cleanupErrors(err: unknown): CleanupErrors {
  if (!(err instanceof ApiClientError)) return { root: err instanceof Error ? err.message : 'Request failed' }
  const error = (err.body as { error?: unknown } | null)?.error
  if (err.status === 400 && typeof error === 'string') {
    const first = error.split(/[\s,]/, 1)[0] ?? ''
    // The deprecated name_regex stands for name_regex_delete.
    const field = first === 'name_regex' ? 'name_regex_delete' : CLEANUP_FIELDS.find((f) => f === first)
    if (field) return { [field]: error }
  }
  return { root: err.message }
}
