// The in-process API call for server components. Pages load data only through here, with the
// signed-in user as the actor, so a page can never show what /api/v4 would refuse that user.
import { notFound, redirect } from 'next/navigation'
import type { Actor } from '../auth/actor'
import { handleRequest } from '../server/handler'
import { adminModeEnabled, inAdminMode } from '../settings/admin-mode'
import { termsToAccept } from '../settings/terms'
import type { EndpointRef } from '../api/endpoint'
import { prepareCall, type ItemOf, type ParamsArg, type ResultBody } from './endpoint-call'
import { pageInfoFrom, type PageInfo } from './pagination'
import { apiActor, currentActor, sessionToken } from './session'

/** GitLab's error body: `{"message": …}` or `{"error": …}` (or text, for the few that answer so). */
export type ApiErrorBody = { message?: unknown; error?: unknown; error_description?: unknown } | string | null

/**
 * A call's answer: the declared body only when `ok`, so a page has to look at `ok` before it can
 * read a success body (typed as one before, even for a 404).
 */
export type ApiResult<T = unknown> =
  | { ok: true; status: number; headers: Headers; body: T }
  | { ok: false; status: number; headers: Headers; body: ApiErrorBody }

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

/**
 * The typed call: `api(endpoints.protectedBranch.list, { id, page })`, in-process as the signed-in
 * user (the same request /api/v4 would get). Params and body types come from the endpoint's definition.
 */
export async function api<E extends EndpointRef>(
  endpoint: E,
  ...[params]: ParamsArg<E>
): Promise<ApiResult<ResultBody<E>>> {
  const call = prepareCall(endpoint, params ?? {})
  const actor = await apiActor()
  const req = new Request(`http://internal/api/v4${call.path}`, {
    method: call.method,
    headers: call.json ? { 'Content-Type': 'application/json' } : {},
    body: call.json ? JSON.stringify(call.json) : undefined,
  })
  const res = await handleRequest(req, { actor })
  const body = await readBody(res)
  return res.ok
    ? { ok: true, status: res.status, headers: res.headers, body: body as ResultBody<E> }
    : { ok: false, status: res.status, headers: res.headers, body: body as ApiErrorBody }
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
export async function apiList<E extends EndpointRef>(
  endpoint: E,
  ...[params]: ParamsArg<E>
): Promise<ListResult<ItemOf<E>>> {
  const res = await api(endpoint, ...([params] as ParamsArg<E>))
  const ok = res.ok && Array.isArray(res.body)
  return {
    ok,
    status: res.status,
    items: ok ? (res.body as ItemOf<E>[]) : [],
    pageInfo: pageInfoFrom(res.headers),
    error: ok ? null : res.body,
  }
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
