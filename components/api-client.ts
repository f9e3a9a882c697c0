// Browser-side calls to /api/v4 with the session cookie. Cookie-authenticated writes must carry
// X-CSRF-Token (as GitLab's own frontend does); the token comes from the server layout.
import type { EndpointRef } from '@/lib/api/endpoint'
import { prepareCall, type ParamsArg, type ResultBody } from '@/lib/console/endpoint-call'
import { errorMessageOf, fieldErrorsOf, type FieldErrors } from './api-error'

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    /** The GitLab error body as sent. */
    readonly body: unknown,
  ) {
    super(errorMessageOf(body, status))
    this.name = 'ApiClientError'
  }

  /** Validation errors per field ({"message": {"name": ["can't be blank"]}}), or {}. */
  get fieldErrors(): FieldErrors {
    return fieldErrorsOf(this.body)
  }
}

/** The typed call over HTTP: `api(endpoints.protectedBranch.update, { id, name, allow_force_push })`, same shape as the server's. */
export type ApiRequest = <E extends EndpointRef>(endpoint: E, ...params: ParamsArg<E>) => Promise<ResultBody<E>>

export function createApiClient(csrfToken: string | null): ApiRequest {
  return async function request<E extends EndpointRef>(endpoint: E, ...[params]: ParamsArg<E>): Promise<ResultBody<E>> {
    const call = prepareCall(endpoint, params ?? {})
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken
    if (call.json !== undefined) headers['Content-Type'] = 'application/json'
    const res = await fetch(`/api/v4${call.path}`, {
      method: call.method,
      headers,
      credentials: 'same-origin',
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
    })
    const text = await res.text()
    let body: unknown = text || null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: keep the text */
    }
    if (!res.ok) throw new ApiClientError(res.status, body)
    return body as ResultBody<E>
  }
}
