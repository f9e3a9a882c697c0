// Where the API's answers to a POST land. GitLab's 409 names the branch ("Protected branch 'x'
// already exists"), so it belongs on the name field; its 422 is a *list* of full messages
// ({"message": [...]}), which the shared applyApiErrors would reduce to "HTTP 422": shown whole.
import type { UseFormSetError } from 'react-hook-form'
import { ApiClientError } from '../api-client'
import { applyApiErrors } from '../form/apply-api-errors'
import type { ProtectFormInput } from './form-schema'

const FIELDS = ['name', 'merge_access_level', 'push_access_level', 'allow_force_push'] as const

export function applyProtectErrors(err: unknown, setError: UseFormSetError<ProtectFormInput>): void {
  if (err instanceof ApiClientError) {
    if (err.status === 409) {
      setError('name', { message: err.message })
      return
    }
    const message = (err.body as { message?: unknown } | null)?.message
    if (Array.isArray(message)) {
      setError('root.server', { message: message.map(String).join('; ') })
      return
    }
  }
  applyApiErrors(err, setError, FIELDS)
}
