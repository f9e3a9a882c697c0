// The whole HTTP surface that is not a console page: /api/v4/*, /api/graphql, the registry's
// token server /jwt/auth and the /-/ health checks.
// Used by the custom server, by the Next.js route handlers and by the in-process call.
import { API_PREFIX, createDispatcher, toResponse, type DispatchOptions, type Outcome } from '../api/dispatch'
import { webRequest, type ApiRequest } from '../api/request'
import type { Actor } from '../api/actor'
import type { Params } from '../api/params'
import type { Endpoint } from '../api/endpoint'
import { currentSettings } from '../settings/service'
import { allEndpoints } from '../endpoints'
import { healthCheck } from '../health/handler'
import { metricsResponse } from '../health/metrics'
import { GRAPHQL_PATH, graphqlResponse, type GraphqlGate } from '../graphql/endpoint'
import { JWT_AUTH_PATH, jwtAuthResponse } from '../container-registry/jwt-auth'
import { applySudo, authenticate } from '../auth/authenticate'
import { sessionTokenOf } from '../auth/session-cookie'
import { applyAdminMode } from '../settings/admin-mode'
import { throttleGuard } from '../throttle/guard'
import { authenticateUnderBan, noteAuthFailure, refuseIfBanned } from '../throttle/auth-ban'
import { databaseUnavailable, isApiError, type ApiError } from '../api/errors'
import { clientAddress } from '../throttle/client-ip'
import { jobTokenActor } from '../ci-jobs/job-token'
import { processState } from '../util/process-state'
import { syncChanges } from '../db'
import { databaseOutage } from '../db/unavailable'

// The steps every API request goes through, shared by /api/v4 (the dispatcher's hooks) and
// /api/graphql, so neither can skip one: authentication under the failed-authentication ban,
// admin mode, throttles.
const authenticateRequest = (req: ApiRequest, params: Params, ip: string | null) =>
  authenticateUnderBan(ip, () => authenticate(req, params))
const adminMode = (actor: Actor | null, req: ApiRequest) =>
  applyAdminMode(actor, sessionTokenOf(req.headers.get('cookie')))

const MIB = 1024 * 1024
/**
 * Multipart uploads stop at GitLab's `max_attachment_size`; a group import archive at
 * `max_import_size` (0, GitLab's "unlimited", keeps the attachment limit: the upload is held in
 * memory). One MiB more for the multipart framing and the other fields, so that a file just over
 * the setting still reaches its domain's own check and GitLab's validation message.
 */
async function multipartLimit(endpoint: Endpoint): Promise<number> {
  const s = await currentSettings()
  const attachment = Number(s.max_attachment_size ?? 100) * MIB
  const archive = Number(s.max_import_size ?? 0) * MIB
  return (endpoint.method === 'POST' && endpoint.path === '/groups/import' && archive > 0 ? archive : attachment) + MIB
}

const g = processState('server.dispatcher', () => ({
  dispatcher: undefined as ReturnType<typeof createDispatcher> | undefined,
}))
export const dispatcher = () =>
  (g.dispatcher ??= createDispatcher(allEndpoints, {
    authenticate: authenticateRequest,
    refineActor: adminMode,
    // The user sudo acts as is an administrator only in admin mode too (the token's admin_mode scope).
    sudo: async (actor, req, params) => {
      const target = await applySudo(actor, req, params)
      return target === actor ? target : applyAdminMode(target, null)
    },
    guard: (_req, actor, _endpoint, ip) => throttleGuard(actor, ip),
    jobTokenActor,
    multipartLimit,
  }))

const graphqlGate = (ip: string | null): GraphqlGate => ({
  authenticate: async (req, params) => adminMode(await authenticateRequest(req, params, ip), req),
  guard: (actor) => throttleGuard(actor, ip),
})

/** The registry's token server is the other half of GitLab's ban: its 401s count, a ban refuses it. */
async function registryTokenUnderBan(req: Request, ip: string | null): Promise<Response> {
  const refuse = (e: ApiError) =>
    new Response(JSON.stringify(e.body), {
      status: e.status,
      headers: { 'Content-Type': 'application/json', ...e.headers },
    })
  try {
    await refuseIfBanned(ip)
  } catch (e) {
    if (isApiError(e)) return refuse(e)
    throw e
  }
  const res = await jwtAuthResponse(req)
  if (res.status !== 401) return res
  const ban = await noteAuthFailure(ip)
  return ban ? refuse(ban) : res
}

/**
 * The answer to any request of this surface. Only the dispatcher takes an ApiRequest as it is; the
 * other routes are rare and get a Web Request (`webRequest`).
 */
export async function handleOutcome(req: ApiRequest, given: DispatchOptions = {}): Promise<Outcome> {
  // Before anything cached is read: a write committed anywhere before this request is seen by it.
  const changes = syncChanges()
  if (changes) {
    try {
      await changes
    } catch (e) {
      // The change check is the request's first read: a database that is down answers here.
      const outage = databaseOutage(e)
      if (!outage) throw e
      const err = databaseUnavailable(outage)
      return new Response(JSON.stringify(err.body), {
        status: err.status,
        headers: { 'Content-Type': 'application/json', ...err.headers },
      })
    }
  }
  const url = new URL(req.url)
  // The socket's peer, or the client a trusted proxy names (TRUSTED_PROXIES): every later use of
  // the address (throttles, the failed-authentication ban, handlers, /-/metrics) sees this one.
  const opts = given.ip ? { ...given, ip: clientAddress(given.ip, req.headers.get('x-forwarded-for')) } : given
  const { pathname } = url
  // GitLab's accept link; the page lives in the console (a console page cannot live under /-/).
  if (pathname.startsWith('/-/invites/'))
    return new Response(null, { status: 302, headers: { Location: pathname.slice(2) } })
  if (pathname === '/-/metrics') return metricsResponse(opts.ip)
  if (pathname === GRAPHQL_PATH) return graphqlResponse(webRequest(req), graphqlGate(opts.ip ?? null))
  if (pathname === JWT_AUTH_PATH) return registryTokenUnderBan(webRequest(req), opts.ip ?? null)
  if (pathname.startsWith('/-/')) return (await healthCheck(pathname)) ?? new Response('Not Found', { status: 404 })
  return dispatcher().answer(req, opts, url)
}

export async function handleRequest(req: ApiRequest, opts: DispatchOptions = {}): Promise<Response> {
  return toResponse(await handleOutcome(req, opts))
}

export const isApiPath = (pathname: string) =>
  pathname === GRAPHQL_PATH ||
  pathname === JWT_AUTH_PATH ||
  pathname === API_PREFIX ||
  pathname.startsWith(`${API_PREFIX}/`) ||
  pathname.startsWith('/api/v3') ||
  pathname.startsWith('/-/')
