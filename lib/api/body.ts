// Request bodies read under a limit while they stream (issue 31, A2): a body is never held whole
// before its size is known, so a chunked or lying upload stops at the limit with a 413, and the
// connection is closed soon after the answer instead of the rest being read (node-bridge.ts).
import type { Actor } from './actor'
import { ApiError, isApiError } from './errors'
import type { Endpoint } from './endpoint'
import { carriesBody, type ApiRequest } from './request'

/** JSON and form bodies (GitLab has no setting for them): 10 MiB. */
export const MAX_PARAMS_BODY = 10 * 1024 * 1024
/** Raw bodies (a job log chunk, a registry notification). */
export const MAX_RAW_BODY = 8 * 1024 * 1024
/**
 * A route that needs credentials, asked without any outside the body (header, query, cookie):
 * enough for any parameters, too little to cost the server anything before it knows the caller.
 */
export const ANONYMOUS_BODY = 64 * 1024

/**
 * GitLab's `file_too_large!`. `Connection: close`: the connection is not reused, and the node:http
 * mount stops the upload (node-bridge.ts).
 */
export const bodyTooLarge = () =>
  new ApiError(413, { message: '413 Request Entity Too Large' }, { Connection: 'close' })

/**
 * The client stopped sending before its body ended (reset, closed, or a framing error): no one is
 * left to read the answer, but the request line must not log as an unhandled 500 (nginx logs 499).
 */
export const bodyCutOff = () =>
  new ApiError(400, { message: '400 Bad request - Request body ended early' }, { Connection: 'close' })

/** The body's bytes, refusing with 413 as soon as more than `limit` have arrived. */
export async function readLimited(req: ApiRequest, limit: number): Promise<Uint8Array> {
  try {
    return await readWithin(req, limit)
  } catch (e) {
    // Reading a body fails only when the client's transport does: its error, not the server's.
    if (isApiError(e)) throw e
    throw bodyCutOff()
  }
}

async function readWithin(req: ApiRequest, limit: number): Promise<Uint8Array> {
  if (!carriesBody(req)) return new Uint8Array()
  const declared = req.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) throw bodyTooLarge()
  if (req.readBody) {
    const bytes = await req.readBody(limit)
    if (bytes === 'too-large') throw bodyTooLarge()
    return bytes
  }
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not cancel(): that destroys node's request and with it the socket the 413 goes out on.
      reader.releaseLock()
      throw bodyTooLarge()
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

/** The limits one request's body is read under (see `bodyLimits`). */
export interface BodyLimits {
  params: number
  raw: number
  /** Multipart: a setting of the app's (max_attachment_size, max_import_size), asked only for one. */
  multipart: () => Promise<number>
}

const ANONYMOUS_LIMITS: BodyLimits = {
  params: ANONYMOUS_BODY,
  raw: ANONYMOUS_BODY,
  multipart: () => Promise.resolve(ANONYMOUS_BODY),
}

/**
 * The limits for this request. On a route that needs credentials, a body that may be larger than
 * ANONYMOUS_BODY is read only after the credentials outside it were checked (`authenticate` with
 * the query's parameters): a bad token is its 401 before any byte of the body is read, and a
 * request with no credentials there gets ANONYMOUS_BODY. Credentials sent only inside a larger body
 * are therefore not enough (every GitLab client sends them in a header).
 */
export async function bodyLimits(
  req: ApiRequest,
  endpoint: Endpoint,
  inProcess: boolean,
  authenticate: () => Promise<Actor | null>,
  multipart: (endpoint: Endpoint) => Promise<number>,
): Promise<BodyLimits> {
  const full: BodyLimits = { params: MAX_PARAMS_BODY, raw: MAX_RAW_BODY, multipart: () => multipart(endpoint) }
  if (inProcess || endpoint.auth === 'public' || !carriesBody(req)) return full
  const declared = req.headers.get('content-length')
  if (declared !== null && Number(declared) <= ANONYMOUS_BODY) return full
  return (await authenticate()) ? full : ANONYMOUS_LIMITS
}
