// The in-process API call for server components. Pages load data only through here, with the
// signed-in user as the actor, so a page can never show what /api/v4 would refuse that user.
import { notFound, redirect } from 'next/navigation'
import type { Actor } from '../auth/actor'
import { handleRequest } from '../server/handler'
import { adminModeEnabled, inAdminMode } from '../settings/admin-mode'
import { termsToAccept } from '../settings/terms'
import { pageInfoFrom, type PageInfo } from './pagination'
import { apiActor, currentActor, sessionToken } from './session'

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export interface CallOptions {
  query?: Record<string, QueryValue>
  json?: unknown
}

export interface ApiResult<T = unknown> {
  status: number
  ok: boolean
  headers: Headers
  body: T
}

export function queryString(query: Record<string, QueryValue> = {}): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item))
    else q.append(k, String(v))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return null
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** `path` is below /api/v4 and already percent-encoded where needed (`/projects/a%2Fb`). */
export async function apiCall<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const actor = await apiActor()
  const hasBody = opts.json !== undefined
  const req = new Request(`http://internal/api/v4${path}${queryString(opts.query)}`, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(opts.json) : undefined,
  })
  const res = await handleRequest(req, { actor })
  return { status: res.status, ok: res.ok, headers: res.headers, body: (await readBody(res)) as T }
}

export interface ListResult<T> {
  ok: boolean
  status: number
  items: T[]
  pageInfo: PageInfo
  /** The GitLab error body when !ok. */
  error: unknown
}

/** A paginated GET: the items plus the pager state from GitLab's X-* headers. */
export async function apiList<T>(path: string, query: Record<string, QueryValue> = {}): Promise<ListResult<T>> {
  const res = await apiCall('GET', path, { query })
  const ok = res.ok && Array.isArray(res.body)
  return { ok, status: res.status, items: ok ? (res.body as T[]) : [], pageInfo: pageInfoFrom(res.headers), error: ok ? null : res.body }
}

/**
 * The signed-in user, or a redirect to the login page that comes back to `callbackUrl`. With
 * enforce_terms on, a user who has not accepted the current terms is sent to accept them first:
 * every page calls this, so no console page is reachable around the terms.
 */
export async function requireUser(callbackUrl = '/projects'): Promise<Actor> {
  const actor = await currentActor()
  if (!actor) redirect(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`)
  if (await termsToAccept(actor.user.id)) redirect(`/terms?redirect=${encodeURIComponent(callbackUrl)}`)
  return actor
}

/**
 * Administrators only; anyone else gets a 404, as the API hides what a user may not see. With
 * admin_mode on, an administrator whose session has not re-entered their password is sent to do
 * so first (the API would treat them as a regular user meanwhile).
 */
export async function requireAdmin(callbackUrl = '/projects'): Promise<Actor> {
  const actor = await requireUser(callbackUrl)
  if (!actor.user.admin) notFound()
  if (await adminModeEnabled()) {
    const token = await sessionToken()
    if (!token || !(await inAdminMode(token))) redirect(`/admin/session?redirect=${encodeURIComponent(callbackUrl)}`)
  }
  return actor
}
