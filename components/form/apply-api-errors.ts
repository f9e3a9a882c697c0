// Puts a failed API call's errors where the user will see them: GitLab's per-field validation
// messages on their fields, everything else on the form as a whole.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiClientError } from '../api-client'

export function applyApiErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(err instanceof ApiClientError)) {
    setError('root.server', { message: err instanceof Error ? err.message : 'Request failed' })
    return
  }
  const rest: string[] = []
  for (const [field, msgs] of Object.entries(err.fieldErrors)) {
    const text = msgs.join(', ')
    if ((fields as readonly string[]).includes(field))
      setError(field as Path<T>, { message: `${humanize(field)} ${text}` })
    else rest.push(`${humanize(field)} ${text}`)
  }
  if (rest.length || !Object.keys(err.fieldErrors).length)
    setError('root.server', { message: rest.join('; ') || err.message })
}

const humanize = (field: string) => {
  const s = field.replace(/_/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}
