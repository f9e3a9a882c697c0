import { errorMessageOf } from './api-error'

/** What a page shows when an API call it depends on failed (or the endpoint does not exist yet). */
export function ErrorState({
  status,
  body,
  title = 'Could not load this',
}: {
  status: number
  body: unknown
  title?: string
}) {
  return (
    <div className="alert alert-error" role="alert" data-testid="error-state">
      <strong>{title}</strong>
      <div>
        {errorMessageOf(body, status)} <span className="muted">(HTTP {status})</span>
      </div>
    </div>
  )
}
