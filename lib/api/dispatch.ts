// The dispatcher: a plain function from a Web Request to a Response. Route handlers, the custom
// server and in-process calls all go through it. Order of work follows Grape: route → authenticate
// → params → handler (shared/reference §1.2).
import { randomUUID } from 'node:crypto'
import type { Actor } from './actor'
import { config } from '../config'
import { databaseOutage } from '../db/unavailable'
import type { Endpoint } from './endpoint'
import {
  ApiError,
  badRequest,
  databaseUnavailable,
  forbidden,
  insufficientScope,
  internalError,
  isApiError,
  MovedError,
  routeNotFound,
  unauthorized,
  uriTooLong,
} from './errors'
import { bodyLimits, MAX_PARAMS_BODY, readLimited } from './body'
import { stringifyBody } from './json-fragment'
import { logger, logRequest } from '../runtime/log'
import { isPage, pageWindow, paginationHeaders } from './pagination'
import { mergeParams, parseBody, parseQuery, type Params } from './params'
import { isReply } from './reply'
import { keepingAnswers, keptKey, keptOrRender, type KeptAnswer } from './kept-answers'
import { noJsonBody, responseChecksOn, responseMismatch } from './response-check'
import { Router } from './router'
import { validateParams } from './validate'
import type { ApiRequest } from './request'

export const API_PREFIX = '/api/v4'
const NUL_ESCAPE = /%00/i
const nullByte = () => badRequest('Null byte in request')
function isEmpty(o: object): boolean {
  for (const _ in o) return false
  return true
}
/** Any NUL in the body's strings or keys. Iterative: the body's shape is the client's to choose. */
function hasNullByte(root: unknown): boolean {
  const stack: unknown[] = [root]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.includes('\0')) return true
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x)
    } else if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (k.includes('\0')) return true
        stack.push((v as Record<string, unknown>)[k])
      }
    }
  }
  return false
}
/** nginx's default request-line buffer is 8 KiB; GitLab answers 414 beyond it. */
const MAX_QUERY_LENGTH = 8192

// Lower-case names: answers are plain objects until the end, and node:http would send two fields
// for one header spelled two ways. Each answer's headers start as this literal, never as a spread
// copy of a shared object: V8 gives a spread copy a shape on which every header added later
// (x-request-id, content-length) is a slow store — 3 µs per answer, measured.
function baseHeaders(contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'max-age=0, private, must-revalidate',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  }
  if (contentType) headers['content-type'] = contentType
  return headers
}

export interface DispatchOptions {
  /** In-process calls pass the actor they already have (the console session). */
  actor?: Actor | null
  ip?: string | null
}

/**
 * A finished answer before it becomes a Web Response: the node:http mount writes it as it is
 * (building a Response and reading its stream back cost more than a small request's handler).
 * Header names are lower-case.
 */
export interface Answer {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array | null
}

/** What the dispatcher produces: an Answer, or a Response a hook made (a 429). */
export type Outcome = Answer | Response

/**
 * An Outcome is an Answer when it is a plain object. Not `instanceof Response`: the first read of
 * the global `Response` loads undici (≈ 60 ms), which the first request after start would pay.
 */
export const isAnswer = (outcome: Outcome): outcome is Answer => Object.getPrototypeOf(outcome) === Object.prototype

function withHeaders(base: Record<string, string>, extra: Record<string, string> | undefined): Record<string, string> {
  if (extra) for (const key in extra) base[key.toLowerCase()] = extra[key]!
  return base
}

function json(status: number, body: unknown, headers?: Record<string, string>): Answer {
  if (status === 204) return { status, headers: withHeaders(baseHeaders(null), headers), body: null }
  return { status, headers: withHeaders(baseHeaders('application/json'), headers), body: stringifyBody(body) }
}

/** A request's own copy of a kept answer (the kernel adds its per-request headers to it). */
const fromKept = (kept: KeptAnswer): Answer => ({
  status: kept.status,
  headers: withHeaders(baseHeaders(null), kept.headers),
  body: kept.body,
})

/** Milliseconds as GitLab's X-Runtime (seconds, six decimals), without toFixed's slow path. */
export function seconds(ms: number): string {
  const micros = Math.round(ms * 1000)
  const whole = Math.floor(micros / 1_000_000)
  return `${whole}.${String(micros - whole * 1_000_000).padStart(6, '0')}`
}

export function toResponse(outcome: Outcome): Response {
  if (!isAnswer(outcome)) return outcome
  return new Response(outcome.body as BodyInit | null, { status: outcome.status, headers: outcome.headers })
}

function renderError(err: ApiError, method: string, url: URL, rawPath: string): Answer {
  if (err instanceof MovedError) {
    if (method !== 'GET' && method !== 'HEAD')
      return json(405, { message: `Non GET methods are not allowed for moved ${err.kind}` })
    const segment = `/${err.kind}/${encodeURIComponent(err.oldId)}`
    const location = `${config().externalUrl}${API_PREFIX}${rawPath.replace(segment, `/${err.kind}/${err.newId}`)}${url.search}`
    return {
      status: 301,
      headers: withHeaders(baseHeaders('text/plain'), { location }),
      body: `This resource has been moved permanently to ${location}`,
    }
  }
  return json(err.status, err.body, err.headers)
}

/** Scopes a route accepts when it names none: every route takes `api`, reads also take `read_api`. */
export function defaultScopes(method: string): readonly string[] {
  return method === 'GET' || method === 'HEAD' ? ['api', 'read_api'] : ['api']
}

/** Cross-cutting policy the app plugs in without lib/api knowing its domains. */
export interface DispatcherHooks {
  /**
   * The actor of the request's own credentials (token, session cookie), null when it sends none.
   * `ip` is the client's address, for counting failed authentications.
   */
  authenticate: (req: ApiRequest, params: Params, ip: string | null) => Promise<Actor | null>
  /** Acting as another user (`sudo`), after `refineActor`; returns the actor to use. */
  sudo?: (actor: Actor | null, req: ApiRequest, params: Params) => Promise<Actor | null>
  /** Adjusts the actor found from the request's own credentials (e.g. admin mode). */
  refineActor?: (actor: Actor | null, req: ApiRequest) => Promise<Actor | null>
  /** Runs after authentication, before params; a Response (e.g. 429) ends the request. */
  guard?: (req: ApiRequest, actor: Actor | null, endpoint: Endpoint, ip: string | null) => Promise<Response | null>
  /** The actor of a CI job token, for endpoints that accept one (`jobToken`); null when none is sent. */
  jobTokenActor?: (req: ApiRequest, params: Params) => Promise<Actor | null>
  /** The largest multipart body the endpoint takes (the app's upload settings); default 10 MiB. */
  multipartLimit?: (endpoint: Endpoint) => Promise<number>
}

export function createDispatcher(endpoints: readonly Endpoint[], hooks: DispatcherHooks) {
  const router = new Router(endpoints)
  const checkResponses = responseChecksOn()

  async function run(
    req: ApiRequest,
    url: URL,
    rawPath: string,
    opts: DispatchOptions,
  ): Promise<{ res: Outcome; route: string | null }> {
    if (url.search.length > MAX_QUERY_LENGTH)
      return { res: renderError(uriTooLong(), req.method, url, rawPath), route: null }
    // GitLab refuses NUL bytes before routing (its HandleNullBytes middleware); PostgreSQL would
    // reject them inside a query anyway.
    if (NUL_ESCAPE.test(url.pathname) || NUL_ESCAPE.test(url.search))
      return { res: renderError(nullByte(), req.method, url, rawPath), route: null }
    if (url.pathname === '/api/v3' || url.pathname.startsWith('/api/v3/'))
      return { res: json(410, { error: 'API V3 is no longer supported. Use API V4 instead.' }), route: null }
    const match = router.match(req.method, rawPath)
    if (!match) {
      return { res: renderError(routeNotFound(), req.method, url, rawPath), route: null }
    }
    const { endpoint, pathParams } = match
    try {
      const query = parseQuery(url.search)
      // Bodies are read under their limits as they stream (body.ts); a route that needs credentials
      // checks those outside the body before reading more than a small one.
      const limits = await bodyLimits(
        req,
        endpoint,
        opts.actor !== undefined,
        async () =>
          (await hooks.authenticate(req, query, opts.ip ?? null)) ??
          (endpoint.jobToken && hooks.jobTokenActor ? await hooks.jobTokenActor(req, query) : null),
        hooks.multipartLimit ?? (() => Promise.resolve(MAX_PARAMS_BODY)),
      )
      const rawBody = endpoint.rawBody ? await readLimited(req, limits.raw) : undefined
      const body = endpoint.rawBody ? {} : await parseBody(req, limits)
      if (hasNullByte(body)) throw nullByte()
      const raw: Params = { ...query, ...body }
      let actor = opts.actor !== undefined ? opts.actor : await hooks.authenticate(req, raw, opts.ip ?? null)
      if (!actor && opts.actor === undefined && endpoint.jobToken && hooks.jobTokenActor)
        actor = await hooks.jobTokenActor(req, raw)
      // Admin mode before sudo: GitLab's sudo! asks `can_admin_all_resources?`, an administrator
      // in admin mode, not the raw admin flag.
      if (opts.actor === undefined && hooks.refineActor) actor = await hooks.refineActor(actor, req)
      if (hooks.sudo) actor = await hooks.sudo(actor, req, raw)
      const stop = hooks.guard ? await hooks.guard(req, actor, endpoint, opts.ip ?? null) : null
      if (stop) return { res: stop, route: endpoint.path }
      const authorize = () => {
        if (endpoint.auth !== 'public' && !actor) throw unauthorized()
        if (endpoint.auth === 'admin' && !actor!.user.admin) throw forbidden()
      }
      // The token's scopes are GitLab's validate_access_token!, run as the user is found: a
      // read_api token on an admin-only write is insufficient_scope, not the admin check's 403.
      if (actor?.token) {
        const accepted = endpoint.scopes ?? defaultScopes(req.method)
        if (!accepted.some((s) => actor.token!.scopes.includes(s))) throw insufficientScope(accepted)
      }
      if (!endpoint.authAfterParams) authorize()
      // A kept answer is served before the params are validated (they are, in `respond`, on a
      // miss): it was kept only for this very URL and actor after its params passed, and a GET's
      // params come from its URL alone.
      const keepKey =
        endpoint.keep && keepingAnswers() && req.method === 'GET' && !endpoint.authAfterParams && isEmpty(body)
          ? keptKey(endpoint.path, actor, url.pathname + url.search)
          : null
      const respond = async (): Promise<Answer> => {
        // Grape's order: the route's `before` blocks (its resource's 404/403), then the params (400).
        if (endpoint.before) await endpoint.before({ actor, path: pathParams })
        const params = validateParams(endpoint.params, mergeParams(query, body, pathParams))
        if (endpoint.authAfterParams) authorize()
        const window = pageWindow(params)
        const result = await endpoint.handler({
          params,
          actor: actor,
          page: window,
          raw: { ...raw, ...pathParams },
          request: {
            url,
            path: rawPath,
            headers: req.headers,
            ip: opts.ip ?? null,
            userAgent: req.headers.get('user-agent'),
          },
          body: rawBody,
        })
        const defaultStatus = req.method === 'POST' ? 201 : 200
        if (checkResponses) {
          const [status, payload] = isReply(result)
            ? [result.status, result.raw !== undefined ? noJsonBody : result.body]
            : isPage(result)
              ? [200, result.items]
              : [defaultStatus, result]
          const problem = responseMismatch(endpoint, req.method, status, payload)
          if (problem) {
            logger().error(
              { method: req.method, route: endpoint.path, problem },
              'response does not match its declaration',
            )
            return json(500, {
              message: `500 Response of ${req.method} ${endpoint.path} does not match its declaration: ${problem}`,
            })
          }
        }
        if (isReply(result))
          return result.raw !== undefined
            ? {
                status: result.status,
                headers: withHeaders(baseHeaders(result.contentType ?? 'text/plain'), result.headers),
                body: result.raw,
              }
            : json(result.status, result.body ?? null, result.headers)
        if (isPage(result))
          return json(200, result.items, paginationHeaders(result, `${API_PREFIX}${rawPath}`, { ...raw }))
        return json(defaultStatus, result)
      }
      const res = keepKey === null ? await respond() : await keptOrRender(keepKey, respond, fromKept)
      return { res, route: endpoint.path }
    } catch (e) {
      if (isApiError(e)) return { res: renderError(e, req.method, url, rawPath), route: endpoint.path }
      const outage = databaseOutage(e)
      if (outage) {
        logger().warn({ err: e, method: req.method, route: endpoint.path }, `database unavailable: ${outage}`)
        return { res: renderError(databaseUnavailable(outage), req.method, url, rawPath), route: endpoint.path }
      }
      logger().error({ err: e, method: req.method, route: endpoint.path }, 'unhandled error')
      return { res: renderError(internalError(), req.method, url, rawPath), route: endpoint.path }
    }
  }

  /** Handles a request whose path starts with /api/v4 (`url`: req.url parsed, when the caller has it). */
  async function answer(req: ApiRequest, opts: DispatchOptions = {}, url = new URL(req.url)): Promise<Outcome> {
    const started = performance.now()
    const rawPath = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) || '/' : url.pathname
    const { res, route } = await run(req, url, rawPath, opts)
    const requestId = randomUUID()
    const ms = performance.now() - started
    const runtime = seconds(ms)
    logRequest({
      method: req.method,
      route: route ?? 'unmatched',
      status: res.status,
      duration_ms: Math.round(ms * 100) / 100,
      request_id: requestId,
    })
    if (!isAnswer(res)) {
      res.headers.set('X-Request-Id', requestId)
      res.headers.set('X-Runtime', runtime)
      return req.method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res
    }
    res.headers['x-request-id'] = requestId
    res.headers['x-runtime'] = runtime
    if (req.method === 'HEAD') res.body = null
    return res
  }

  return { answer, router }
}
