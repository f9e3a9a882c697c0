// Browser-side calls to /api/v4 with the session cookie. Cookie-authenticated writes must carry
// X-CSRF-Token (as GitLab's own frontend does); the token comes from the server layout.
import type { EndpointRef, ParamsOf } from '@/lib/api/endpoint'
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

/** A body with the response's headers (a job log's Job-Status, a list's X-Total). */
export interface WithHeaders<T> {
  body: T
  headers: Headers
}

/** The typed call over HTTP: `api(endpoints.protectedBranch.update, { id, name, allow_force_push })`, same shape as the server's. */
export interface ApiRequest {
  <E extends EndpointRef>(endpoint: E, ...params: ParamsArg<E>): Promise<ResultBody<E>>
  /** The same call, answering the headers too. */
  withHeaders<E extends EndpointRef>(endpoint: E, ...params: ParamsArg<E>): Promise<WithHeaders<ResultBody<E>>>
  /**
   * A multipart write (files: avatars, export archives): the form carries the fields, `params` the
   * path segments and the query. The form's fields are the endpoint's params, so they are typed by
   * name: `multipart(endpoints.group.update, { id }, { avatar: file })`.
   */
  multipart<E extends EndpointRef>(
    endpoint: E,
    params: Partial<ParamsOf<E>>,
    fields: Partial<Record<keyof ParamsOf<E> & string, string | Blob>>,
  ): Promise<ResultBody<E>>
  /** The same call without the automatic toast (the caller says something more specific). */
  quiet<E extends EndpointRef>(endpoint: E, ...params: ParamsArg<E>): Promise<ResultBody<E>>
}

/** Told of every successful write (the console toasts it). */
export type OnWrite = (method: string, path: string) => void

async function send(
  method: string,
  path: string,
  csrfToken: string | null,
  body?: { json: unknown } | { form: FormData },
): Promise<WithHeaders<unknown>> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken
  // A FormData body sets its own multipart Content-Type with the boundary.
  if (body && 'json' in body) headers['Content-Type'] = 'application/json'
  const res = await fetch(`/api/v4${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: !body ? undefined : 'json' in body ? JSON.stringify(body.json) : body.form,
  })
  const text = await res.text()
  let parsed: unknown = text || null
  if ((res.headers.get('content-type') ?? '').includes('json'))
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      /* not JSON after all: keep the text */
    }
  if (!res.ok) throw new ApiClientError(res.status, parsed)
  return { body: parsed, headers: res.headers }
}

export function createApiClient(csrfToken: string | null, onWrite: OnWrite = () => undefined): ApiRequest {
  const call = async <E extends EndpointRef>(
    told: boolean,
    endpoint: E,
    params: ParamsArg<E>[0],
  ): Promise<WithHeaders<ResultBody<E>>> => {
    const prepared = prepareCall(endpoint, params ?? {})
    const res = (await send(
      prepared.method,
      prepared.path,
      csrfToken,
      prepared.json === undefined ? undefined : { json: prepared.json },
    )) as WithHeaders<ResultBody<E>>
    if (told && endpoint.method !== 'GET') onWrite(endpoint.method, endpoint.path)
    return res
  }
  const withHeaders = <E extends EndpointRef>(endpoint: E, ...[params]: ParamsArg<E>) => call(true, endpoint, params)
  const request = async <E extends EndpointRef>(endpoint: E, ...[params]: ParamsArg<E>): Promise<ResultBody<E>> =>
    (await call(true, endpoint, params)).body
  const quiet = async <E extends EndpointRef>(endpoint: E, ...[params]: ParamsArg<E>): Promise<ResultBody<E>> =>
    (await call(false, endpoint, params)).body
  const multipart = async <E extends EndpointRef>(
    endpoint: E,
    params: Partial<ParamsOf<E>>,
    fields: Partial<Record<keyof ParamsOf<E> & string, string | Blob>>,
  ): Promise<ResultBody<E>> => {
    const call = prepareCall(endpoint, params, 'query')
    const form = new FormData()
    for (const [name, value] of Object.entries<string | Blob | undefined>(fields)) {
      if (typeof value === 'string') form.append(name, value)
      else if (value) form.append(name, value, value instanceof File ? value.name : name)
    }
    const body = (await send(call.method, call.path, csrfToken, { form })).body as ResultBody<E>
    onWrite(endpoint.method, endpoint.path)
    return body
  }
  return Object.assign(request, { withHeaders, multipart, quiet })
}
