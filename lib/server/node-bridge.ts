// node:http ⇄ the kernel, keeping the raw (percent-encoded) request target intact.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { isAnswer, type Outcome } from '../api/dispatch'
import type { ApiRequest, RequestHeaders } from '../api/request'

export function toWebRequest(req: IncomingMessage, origin: string): Request {
  // rawHeaders keeps repeated headers apart and costs one pass (no per-key normalisation here).
  const raw = req.rawHeaders
  const pairs: [string, string][] = []
  // rawHeaders alternates name and value, so it always has an even length.
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!])
  const headers = new Headers(pairs)
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies; the DOM typings lack it
    duplex: hasBody ? 'half' : undefined,
  })
}

/**
 * The body as a web stream. A request whose client already went (reset, cut off) gets a stream that
 * fails on its first read: Readable.toWeb of a destroyed request is one undici's Request refuses
 * ("disturbed or locked"), which escaped as a 500 (the endpoint fuzz's cut-off bodies).
 */
function bodyStream(req: IncomingMessage): ReadableStream {
  if (!req.destroyed) return Readable.toWeb(req) as ReadableStream
  return new ReadableStream({
    start: (controller) => controller.error(new Error('The request was aborted before its body ended')),
  })
}

/** node's parsed headers (lower-case names, repeats joined) read as the kernel reads headers. */
class NodeHeaders implements RequestHeaders {
  constructor(private readonly headers: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
  has(name: string): boolean {
    return this.headers[name.toLowerCase()] !== undefined
  }
}

/** What both kinds of node:http request share: node's own parsed headers, the raw URL. */
abstract class NodeRequest {
  readonly headers: NodeHeaders
  constructor(
    protected readonly req: IncomingMessage,
    readonly method: string,
    readonly url: string,
    protected readonly origin: string,
  ) {
    this.headers = new NodeHeaders(req.headers)
  }
}

/** A request without a body, answered without building Web Request and Headers objects. */
class BodylessRequest extends NodeRequest implements ApiRequest {
  readonly body = null
  async text() {
    return ''
  }
  async formData() {
    return new FormData()
  }
  async arrayBuffer() {
    return new ArrayBuffer(0)
  }
  toRequest(): Request {
    return toWebRequest(this.req, this.origin)
  }
}

/**
 * A request with a body: the kernel reads it from node's stream (`readBody`), and a Web Request is
 * built only for code that asks for one (GraphQL, /jwt/auth) — building it for every write cost
 * about a tenth of a simple update's CPU (undici's Request, Headers and a transferable stream).
 */
class NodeBodyRequest extends NodeRequest implements ApiRequest {
  private web: Request | undefined
  get body(): ReadableStream<Uint8Array> | null {
    return this.toRequest().body
  }
  text() {
    return this.toRequest().text()
  }
  formData() {
    return this.toRequest().formData()
  }
  arrayBuffer() {
    return this.toRequest().arrayBuffer()
  }
  toRequest(): Request {
    return (this.web ??= toWebRequest(this.req, this.origin))
  }
  readBody(limit: number): Promise<Uint8Array | 'too-large'> {
    return readNodeBody(this.req, limit)
  }
}

/**
 * Node's request body, up to `limit` bytes. Past it, reading stops and the listeners go (the mount
 * then discards the rest as it arrives, node-bridge's `discardRest`): not destroyed, which would
 * take the socket the 413 goes out on with it.
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stop()
        req.pause()
        resolve('too-large')
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onError = (err: Error) => {
      stop()
      reject(err)
    }
    const onClose = () => {
      if (req.complete) return
      stop()
      reject(new Error('The request was aborted before its body ended'))
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

const hasBody = (req: IncomingMessage) =>
  req.method !== 'GET' &&
  req.method !== 'HEAD' &&
  (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')

/** The kernel's view of a node:http request: a Web Request only when it carries a body. */
export function toApiRequest(req: IncomingMessage, origin: string): ApiRequest {
  if (hasBody(req)) return new NodeBodyRequest(req, req.method ?? 'POST', `${origin}${req.url ?? '/'}`, origin)
  return new BodylessRequest(req, req.method ?? 'GET', `${origin}${req.url ?? '/'}`, origin)
}

export async function sendOutcome(res: ServerResponse, outcome: Outcome): Promise<void> {
  if (!isAnswer(outcome)) return sendWebResponse(res, outcome)
  const { body, headers } = outcome
  if (body !== null)
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
  res.writeHead(outcome.status, headers)
  res.end(body)
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return
    headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  // The dispatcher's own answers carry it (baseHeaders); the Responses of throttles, GraphQL,
  // /jwt/auth and health checks did not: a browser must never sniff an API body into HTML.
  headers['x-content-type-options'] ??= 'nosniff'
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null
  if (body) headers['content-length'] = String(body.length)
  res.writeHead(response.status, headers)
  res.end(body)
}

/**
 * How the unread rest of a body may keep arriving (discarded) before its connection is cut: nginx's
 * lingering_timeout (the longest pause between two reads) and lingering_time (in all). A fixed 1 s
 * cut a client still sending at an ordinary pace on a loaded machine: it met a reset while writing
 * and reported that instead of the answer already sent (ECONNRESET on an avatar 0.5 MiB past its
 * limit in the integration run).
 */
const LINGER_IDLE_MS = 5_000
const LINGER_TOTAL_MS = 30_000

/**
 * An answer given before the body was read (a 401 before a large body, a 413 at the limit): the
 * rest is discarded as it arrives, never buffered, and the connection is cut if the client pauses
 * longer than LINGER_IDLE_MS or is still sending after LINGER_TOTAL_MS. A 413 carries `Connection:
 * close`, which node:http ends with socket.destroySoon(): destroyed as soon as the answer is
 * flushed, the client's next write would meet a reset, and many clients report the reset instead
 * of the 413 already sent (nginx's lingering close exists for this). So that socket is half-closed
 * (FIN) and destroyed when the client stops sending, or at the limits above.
 */
function discardRest(req: IncomingMessage, closing: boolean): void {
  req.removeAllListeners('data')
  const socket = req.socket
  const cut = () => socket.destroy()
  let idle = setTimeout(cut, LINGER_IDLE_MS)
  const total = setTimeout(cut, LINGER_TOTAL_MS)
  idle.unref()
  total.unref()
  req.on('data', () => {
    clearTimeout(idle)
    idle = setTimeout(cut, LINGER_IDLE_MS)
    idle.unref()
  })
  const done = () => {
    clearTimeout(idle)
    clearTimeout(total)
  }
  req.once('end', done)
  req.once('close', done)
  req.resume()
  if (!closing) return
  socket.destroySoon = () => {
    socket.end()
    if (req.complete) socket.destroy()
    else req.once('end', () => socket.destroy())
  }
}

/**
 * A node:http listener for the API surface (npm start's direct mount, the tests' and benches'
 * servers): the kernel's answer written straight to node's response.
 */
export function apiListener(
  handle: (req: ApiRequest, opts: { ip: string | null }) => Promise<Outcome>,
  origin: string,
  onError: (err: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(toApiRequest(req, origin), { ip: req.socket.remoteAddress ?? null })
      .then((outcome) => {
        if (!req.complete) discardRest(req, outcome.status === 413)
        return sendOutcome(res, outcome)
      })
      .catch((err: unknown) => {
        onError(err)
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end('{"message":"500 Internal Server Error"}')
      })
  }
}
