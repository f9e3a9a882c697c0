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
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies; the DOM typings lack it
    duplex: hasBody ? 'half' : undefined,
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

/** A request without a body, answered without building Web Request and Headers objects. */
class BodylessRequest implements ApiRequest {
  readonly headers: NodeHeaders
  readonly body = null
  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    readonly url: string,
    private readonly origin: string,
  ) {
    this.headers = new NodeHeaders(req.headers)
  }
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

const hasBody = (req: IncomingMessage) =>
  req.method !== 'GET' && req.method !== 'HEAD' && (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')

/** The kernel's view of a node:http request: a Web Request only when it carries a body. */
export function toApiRequest(req: IncomingMessage, origin: string): ApiRequest {
  if (hasBody(req)) return toWebRequest(req, origin)
  return new BodylessRequest(req, req.method ?? 'GET', `${origin}${req.url ?? '/'}`, origin)
}

export async function sendOutcome(res: ServerResponse, outcome: Outcome): Promise<void> {
  if (!isAnswer(outcome)) return sendWebResponse(res, outcome)
  const { body, headers } = outcome
  if (body !== null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
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
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null
  if (body) headers['content-length'] = String(body.length)
  res.writeHead(response.status, headers)
  res.end(body)
}

/** How long the unread rest of a body may keep arriving (discarded) before its connection is cut. */
const LINGER_MS = 1000

/**
 * An answer given before the body was read (a 401 before a large body, a 413 at the limit): the
 * rest is discarded as it arrives, never buffered, and the connection is cut if it has not ended
 * within LINGER_MS. A 413 carries `Connection: close`, which node:http ends with
 * socket.destroySoon(): destroyed as soon as the answer is flushed, the client's next write would
 * meet a reset, and many clients report the reset instead of the 413 already sent (nginx's
 * lingering close exists for this). So that socket is half-closed (FIN) and destroyed when the
 * client stops sending, or after LINGER_MS.
 */
function discardRest(req: IncomingMessage, closing: boolean): void {
  req.removeAllListeners('data')
  req.resume()
  const socket = req.socket
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
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
