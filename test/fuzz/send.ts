// A fuzz request as data (what the generators produce, the corpus stores and a failure prints) and
// its two ways onto the wire: fetch, and a raw node:net socket for what fetch refuses to send
// (malformed request lines and headers, bodies cut off mid-stream, lying lengths).
import { connect } from 'node:net'

export type ActorName = 'root' | 'user' | 'anonymous'

export interface FuzzRequest {
  /** The document's operation, `POST /projects/{id}/pipeline_schedules`, or `POST /api/graphql`, `GET /jwt/auth`. */
  op: string
  family: string
  actor: ActorName
  method: string
  /** From the host on, already encoded as it goes on the wire; `{project}`-style placeholders name the fixtures. */
  target: string
  headers?: Record<string, string>
  /** The body as text, or base64 (`bodyEncoding`) for bytes that are not UTF-8. */
  body?: string
  bodyEncoding?: 'base64'
  /** The body is `body` repeated this many times (bodies past the limit, kept small in the corpus). */
  repeat?: number
  /** Raw socket: the request line and headers are sent as given; the body stops after this many bytes and the socket is closed. */
  socket?: { cutAfter?: number; rawHead?: string }
  /** Sent twice: as written (NFC), then with every precomposed character decomposed (NFD). */
  twins?: boolean
}

export interface FuzzResponse {
  status: number
  headers: Record<string, string>
  text: string
  /** Raw socket only: the server closed without answering (a request it never saw whole). */
  noAnswer?: boolean
}

export interface Substitutions {
  /** `{project}` → `12` … */
  placeholders: Record<string, string>
  tokens: Record<ActorName, string | null>
}

export const substitute = (s: string, subs: Substitutions) =>
  s.replace(/\{(\w+)\}/g, (m, name: string) => subs.placeholders[name] ?? m)

export function bodyBytes(req: FuzzRequest, subs?: Substitutions): Buffer | undefined {
  if (req.body === undefined) return undefined
  const one =
    req.bodyEncoding === 'base64'
      ? Buffer.from(req.body, 'base64')
      : Buffer.from(subs ? substitute(req.body, subs) : req.body, 'utf8')
  return req.repeat && req.repeat > 1 ? Buffer.concat(Array.from({ length: req.repeat }, () => one)) : one
}

function headersOf(req: FuzzRequest, subs: Substitutions): Record<string, string> {
  const headers: Record<string, string> = { ...(req.headers ?? {}) }
  const token = subs.tokens[req.actor]
  if (token) headers['PRIVATE-TOKEN'] = token
  return headers
}

export async function send(base: string, req: FuzzRequest, subs: Substitutions): Promise<FuzzResponse> {
  // fetch refuses a body on GET and HEAD: such requests go over the socket.
  if (req.socket || ((req.method === 'GET' || req.method === 'HEAD') && req.body !== undefined))
    return sendRaw(base, req, subs)
  const headers = headersOf(req, subs)
  const body = bodyBytes(req, subs)
  const res = await fetch(`${base}${substitute(req.target, subs)}`, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
    redirect: 'manual',
  })
  const text = await res.text()
  return { status: res.status, headers: Object.fromEntries(res.headers), text }
}

const DEADLINE_MS = 20_000

/**
 * Writes the request byte for byte and reads until the server closes or a whole answer arrived
 * (Content-Length met, or the last chunk). A socket the server closes without a byte is `noAnswer`.
 */
export function sendRaw(base: string, req: FuzzRequest, subs: Substitutions): Promise<FuzzResponse> {
  const url = new URL(base)
  const body = bodyBytes(req, subs) ?? Buffer.alloc(0)
  const headers = headersOf(req, subs)
  const framed = Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))
  if (!framed && body.length) headers['Content-Length'] = String(body.length)
  const head =
    req.socket?.rawHead !== undefined
      ? substitute(req.socket.rawHead, subs)
      : `${req.method} ${substitute(req.target, subs)} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}Connection: close\r\n\r\n`
  const cut = req.socket?.cutAfter
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(parseAnswer(Buffer.concat(chunks)))
    }
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      socket.destroy()
      reject(new Error(`raw request got no complete answer within ${DEADLINE_MS} ms: ${head.split('\r\n')[0]}`))
    }, DEADLINE_MS)
    socket.on('data', (d: Buffer) => {
      chunks.push(d)
      if (complete(Buffer.concat(chunks))) finish()
    })
    socket.on('end', finish)
    socket.on('close', finish)
    // A reset after the answer (the server stops reading a refused upload) is not a failure.
    socket.on('error', finish)
    socket.on('connect', () => {
      socket.write(Buffer.from(head, 'latin1'))
      if (cut !== undefined) {
        socket.end(body.subarray(0, cut))
      } else socket.write(body)
    })
  })
}

function complete(buf: Buffer): boolean {
  const end = buf.indexOf('\r\n\r\n')
  if (end < 0) return false
  const head = buf.subarray(0, end).toString('latin1').toLowerCase()
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head)
  if (length) return buf.length - end - 4 >= Number(length[1])
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) return buf.subarray(end).includes('\r\n0\r\n\r\n')
  return false
}

function parseAnswer(buf: Buffer): FuzzResponse {
  const end = buf.indexOf('\r\n\r\n')
  if (buf.length === 0 || end < 0) return { status: 0, headers: {}, text: buf.toString('utf8'), noAnswer: true }
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0)
  const headers: Record<string, string> = {}
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  let rest = buf.subarray(end + 4)
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = []
    for (;;) {
      const nl = rest.indexOf('\r\n')
      if (nl < 0) break
      const size = parseInt(rest.subarray(0, nl).toString('latin1'), 16)
      if (!size) break
      parts.push(rest.subarray(nl + 2, nl + 2 + size))
      rest = rest.subarray(nl + 2 + size + 2)
    }
    rest = Buffer.concat(parts)
  }
  return { status, headers, text: rest.toString('utf8') }
}

/** The NFD twin of an NFC request: body and target (decoded, decomposed, encoded again) in NFD. */
export function nfdTwin(req: FuzzRequest): FuzzRequest {
  const decompose = (text: string) => text.normalize('NFD')
  const target = req.target.replace(/(%[0-9A-F]{2})+/gi, (run) => {
    try {
      return encodeURIComponent(decompose(decodeURIComponent(run)))
    } catch {
      return run
    }
  })
  return {
    ...req,
    twins: undefined,
    target,
    body: req.body !== undefined && req.bodyEncoding !== 'base64' ? decompose(req.body) : req.body,
  }
}
