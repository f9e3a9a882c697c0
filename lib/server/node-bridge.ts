// node:http ⇄ Web Request/Response, keeping the raw (percent-encoded) request target intact.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

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

const BODY_TEXT = Symbol.for('app.api.bodyText')

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return
    headers[key] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  const text = (response as Response & { [BODY_TEXT]?: string | null })[BODY_TEXT]
  const body = text !== undefined ? (text === null ? null : Buffer.from(text)) : response.body ? Buffer.from(await response.arrayBuffer()) : null
  if (body) headers['content-length'] = String(body.length)
  res.writeHead(response.status, headers)
  res.end(body)
}
