// An API worker's way to the console: with WEB_CONCURRENCY > 1 the console (Next.js) runs in a
// process of its own, because loading Next into a process patches globals (Date, setImmediate,
// crypto) and costs the API 10–20 % of its throughput and ~50 MB; the API workers, which own the
// public port, hand every non-API request to it over loopback, bodies streamed both ways.
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http'

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, not to the message.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'])

function endToEnd(raw: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < raw.length; i += 2) if (!HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!)
  return out
}

const WAIT_FOR_CONSOLE_MS = 30_000

/** The console's port, waiting (a restart, the first seconds after start) up to WAIT_FOR_CONSOLE_MS. */
async function consolePort(port: () => number | undefined, gone: () => boolean): Promise<number | undefined> {
  const deadline = Date.now() + WAIT_FOR_CONSOLE_MS
  for (let p = port(); ; p = port()) {
    if (p || gone() || Date.now() > deadline) return p
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * A node:http handler that forwards to 127.0.0.1:`port()`. While no console is up (it starts after
 * the API, or is being replaced) requests wait for it; past WAIT_FOR_CONSOLE_MS they get a 503.
 */
export function consoleProxy(
  port: () => number | undefined,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  return async (req, res) => {
    const target = await consolePort(port, () => res.destroyed)
    return new Promise<void>((resolve) => {
      const fail = (status: number, text: string) => {
        if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' })
        res.end(text)
        resolve()
      }
      if (!target) {
        fail(503, 'The console is starting; try again in a moment.')
        return
      }
      const headers = endToEnd(req.rawHeaders)
      const client = req.socket.remoteAddress
      if (client) headers.push('X-Forwarded-For', client)
      const upstream = request(
        { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders))
          answer.pipe(res)
          answer.on('end', resolve)
          answer.on('error', () => fail(502, 'The console stopped answering.'))
        },
      )
      upstream.on('error', () => fail(502, 'The console is not answering.'))
      // The client gone: stop the work it asked for.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy()
        resolve()
      })
      req.pipe(upstream)
    })
  }
}
