// The one error module. Domains throw these; lib/api renders them in GitLab's exact body shapes
// (see shared/reference §1.1): helper errors are {"message": …}, Grape's own are {"error": …},
// token problems follow rack-oauth2 ({"error","error_description"}).

export type ErrorBody = Record<string, unknown>

// A brand any copy of this module recognises: the console process runs two bundles of lib/ whose
// shared state (caches' single-flight loads, the dispatcher, the fast reader) hands one copy's
// errors to the other, where `instanceof` is false and a 404 would become a 500 (issue 32).
const API_ERROR = Symbol.for('app.api.error')

export class ApiError extends Error {
  readonly [API_ERROR] = true
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(
      typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : `HTTP ${status}`,
    )
  }
}

const withReason = (base: string, reason?: string) => (reason ? `${base} - ${reason}` : base)

/** `404 <Resource> Not Found`, or `404 Not Found` without a resource (GitLab's not_found!). */
export const notFound = (resource?: string) =>
  new ApiError(404, { message: resource ? `404 ${resource} Not Found` : '404 Not Found' })
/** What GitLab answers when a bare `find(id)` misses (lower-case "found"). */
export const recordNotFound = () => new ApiError(404, { message: '404 Not found' })
/** Grape's catch-all for an unknown route. */
export const routeNotFound = () => new ApiError(404, { error: '404 Not Found' })
export const unauthorized = (reason?: string) => new ApiError(401, { message: withReason('401 Unauthorized', reason) })
export const forbidden = (reason?: string) => new ApiError(403, { message: withReason('403 Forbidden', reason) })
export const badRequest = (reason?: string) => new ApiError(400, { message: withReason('400 Bad request', reason) })
/** A Grape parameter error: `{"error":"name is missing, ref is invalid"}`. */
export const paramError = (text: string) => new ApiError(400, { error: text })
/** A model validation error map: `{"message":{"field":["msg"]}}`. */
export const validation = (errors: Record<string, string[]>, status = 400) => new ApiError(status, { message: errors })
export const conflict = (message = '409 Conflict') => new ApiError(409, { message })
export const unprocessable = (message: unknown = '422 Unprocessable Entity') => new ApiError(422, { message })
/** GitLab's JsonValidation middleware (Gitlab::Json::StreamValidator's DepthLimitError text). */
export const nestedTooDeeply = () => new ApiError(400, { error: 'Parameters nested too deeply' })
export const uriTooLong = () => new ApiError(414, { message: '414 Request-URI Too Large' })
/** The database cannot serve now (lib/db/unavailable.ts): nothing was written; retry shortly. */
export const databaseUnavailable = (reason: string) =>
  new ApiError(503, { message: withReason('503 Service Unavailable', reason) }, { 'Retry-After': '5' })
export const internalError = () => new ApiError(500, { message: '500 Internal Server Error' })

export const insufficientScope = (accepted: readonly string[]) =>
  new ApiError(
    403,
    {
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: accepted.join(' '),
    },
    {
      'WWW-Authenticate': `Bearer realm="", error="insufficient_scope", error_description="The request requires higher privileges than provided by the access token.", scope="${accepted.join(' ')}"`,
    },
  )

const TOKEN_PROBLEMS = {
  expired: 'Token is expired. You can either do re-authorization or token refresh.',
  revoked: 'Token was revoked. You have to re-authorize from the user.',
} as const

export const invalidToken = (why: keyof typeof TOKEN_PROBLEMS) =>
  new ApiError(
    401,
    { error: 'invalid_token', error_description: TOKEN_PROBLEMS[why] },
    { 'WWW-Authenticate': `Bearer realm="", error="invalid_token", error_description="${TOKEN_PROBLEMS[why]}"` },
  )

/** Whether `e` is an ApiError of any copy of this module (see API_ERROR). */
export const isApiError = (e: unknown): e is ApiError => typeof e === 'object' && e !== null && API_ERROR in e

/**
 * A renamed group or project looked up by its old path: GET answers 301 to the same URL with the
 * numeric id; other methods get 405 (shared/reference §1.3). The dispatcher builds the Location.
 */
export class MovedError extends ApiError {
  constructor(
    readonly oldId: string,
    readonly newId: number,
    readonly kind: 'projects' | 'groups',
  ) {
    super(301, { message: 'moved' })
  }
}
export const moved = (oldId: string, newId: number, kind: 'projects' | 'groups' = 'projects') =>
  new MovedError(oldId, newId, kind)
