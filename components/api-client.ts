// Browser-side calls to /api/v4 with the session cookie. Cookie-authenticated writes must carry
// X-CSRF-Token (as GitLab's own frontend does); the token comes from the server layout.
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

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
}

export type ApiRequest = <T = unknown>(method: string, path: string, opts?: RequestOptions) => Promise<T>

export function createApiClient(csrfToken: string | null): ApiRequest {
  return async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const q = new URLSearchParams()
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') q.append(k, String(v))
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (csrfToken) headers['X-CSRF-Token'] = csrfToken
    if (opts.json !== undefined) headers['Content-Type'] = 'application/json'
    const res = await fetch(`/api/v4${path}${q.size ? `?${q}` : ''}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    })
    const text = await res.text()
    let body: unknown = text || null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: keep the text */
    }
    if (!res.ok) throw new ApiClientError(res.status, body)
    return body as T
  }
}
