// How a typed call `api(endpoint, params)` becomes an HTTP request, shared by the in-process call
// (lib/console/api.ts) and the browser's (components/api-client.ts). Pure: safe in client bundles.
import type { BodyOf, EndpointRef, ParamsOf } from '../api/endpoint'

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[] | { readonly [k: string]: QueryValue }

/** Endpoints without required params may be called without an object. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends P` is the no-required-keys test
export type ParamsArg<E> = {} extends ParamsOf<E> ? [params?: ParamsOf<E>] : [params: ParamsOf<E>]
/** An endpoint declared without a JSON body (204, a file, a log) answers its text, or null when empty. */
export type ResultBody<E> = [BodyOf<E>] extends [null] ? string | null : BodyOf<E>
/** One item of a list endpoint's body (unknown while the response is not declared). */
export type ItemOf<E> = BodyOf<E> extends readonly (infer I)[] ? I : unknown

function appendQuery(q: URLSearchParams, k: string, v: QueryValue) {
  if (v === undefined || v === null || v === '') return
  // Rails' conventions, as GitLab's own clients send them: `k[]=a&k[]=b`, `k[sub]=v`.
  if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item))
  else if (typeof v === 'object') for (const [sub, w] of Object.entries(v)) appendQuery(q, `${k}[${sub}]`, w)
  else q.append(k, String(v))
}

export function queryString(query: Readonly<Record<string, QueryValue>> = {}): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) appendQuery(q, k, v)
  const s = q.toString()
  return s ? `?${s}` : ''
}

export interface PreparedCall {
  method: EndpointRef['method']
  /** Below /api/v4, percent-encoded, with the query. */
  path: string
  json?: Record<string, unknown>
}

/**
 * Fills the `:name` segments from params (encoded, so a full path `a/b` is one segment), then sends
 * the rest as the query (GET, DELETE, or `restIn: 'query'`) or as the JSON body (POST, PUT, PATCH).
 */
export function prepareCall(
  endpoint: EndpointRef,
  params: object = {},
  restIn: 'body' | 'query' = 'body',
): PreparedCall {
  const all: Record<string, unknown> = { ...params }
  const filled = new Set<string>()
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = all[name]
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`)
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${endpoint.method} ${endpoint.path}: :${name} is neither a string nor a number`)
    filled.add(name)
    return encodeURIComponent(value)
  })
  const rest = Object.fromEntries(Object.entries(all).filter(([k]) => !filled.has(k)))
  // A multipart write carries its fields in the form: the other params go in the query.
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE' || restIn === 'query')
    return { method: endpoint.method, path: `${path}${queryString(rest as Record<string, QueryValue>)}` }
  const json = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
  return { method: endpoint.method, path, json: Object.keys(json).length ? json : undefined }
}
