// A refused create, put where the user looks: GitLab's 400 map at its fields (applyApiErrors), its
// "Failed to save group {:path=>[…]}" text at the path, and a 403 at the field that decides who
// may create here (the parent group or the namespace), else on the form.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiClientError } from '../api-client'
import { applyApiErrors } from '../form/apply-api-errors'

const RUBY_HASH = /\{:(\w+)=>\["([^"\]]+)"/

export function applyCreateErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  forbidden: { field?: Path<T>; message: string },
): void {
  if (err instanceof ApiClientError && err.status === 403 && !Object.keys(err.fieldErrors).length) {
    setError(forbidden.field ?? 'root.server', { message: forbidden.message })
    return
  }
  const message = err instanceof ApiClientError ? (err.body as { message?: unknown } | null)?.message : undefined
  const hash = typeof message === 'string' ? RUBY_HASH.exec(message) : null
  const [, field = '', text = ''] = hash ?? []
  if ((fields as readonly string[]).includes(field)) {
    setError(field as Path<T>, { message: `${field.charAt(0).toUpperCase()}${field.slice(1)} ${text}` })
    return
  }
  applyApiErrors(err, setError, fields)
}
