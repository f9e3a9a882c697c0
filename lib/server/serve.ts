// One serving process: the node:http server with /api/v4/* and /-/* straight to the dispatcher (no
// Next.js routing per request: the bench shows it is several times faster) and everything else to
// Next.js, plus this process's scheduler and queue worker. API_MOUNT=next sends the API through
// Next's route handler instead, which is what the bench compares against. The console is prepared
// after the port is open: API clients are served at once, and the first console request waits for
// Next's prepare instead of every request waiting for it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { flushTokenUses } from '../auth/last-used'
import { config } from '../config'
import { closeDb, getDb } from '../db'
import { startScheduler, stopScheduler } from '../jobs/scheduler'
import { startQueueWorker, stopQueueWorker } from '../queue/worker'
import { handleRequest, isApiPath } from './handler'
import { sendWebResponse, toWebRequest } from './node-bridge'
import { collectGarbage } from '../runtime/state'
import { flushEvents } from '../usage-data/events'
import { logger } from '../runtime/log'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

async function consoleHandler(port: number): Promise<NodeHandler> {
  const { default: next } = await import('next')
  const app = next({ dev: false, dir: process.cwd(), port, quiet: true })
  await app.prepare()
  return app.getRequestHandler()
}

const notFound: NodeHandler = async (_req, res) => {
  res.writeHead(404, { 'Content-Type': 'application/json' })
  res.end('{"message":"404 Not Found"}')
}

/** Serves until SIGTERM/SIGINT; resolves once listening. `console: false` serves the API alone. */
export async function serve({ console: withConsole, onListening }: { console: boolean; onListening?: () => void }): Promise<void> {
  const cfg = config()
  process.env.NEXTAUTH_URL ??= cfg.externalUrl
  process.env.NEXTAUTH_SECRET ??= cfg.authSecret
  await getDb()
  startScheduler()
  startQueueWorker()
  const direct = process.env.API_MOUNT !== 'next'
  const origin = `http://localhost:${cfg.port}`
  let pages: Promise<NodeHandler> | undefined
  const consolePages = () => (pages ??= withConsole ? consoleHandler(cfg.port) : Promise.resolve(notFound))
  // API_MOUNT=next routes the API through Next too: nothing can be served before it is ready.
  if (!direct) await consolePages()

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    if (direct && isApiPath(path)) {
      handleRequest(toWebRequest(req, origin), { ip: req.socket.remoteAddress ?? null, textBody: true })
        .then((response) => sendWebResponse(res, response))
        .catch((err: unknown) => {
          logger().error({ err }, 'request failed')
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
          res.end('{"message":"500 Internal Server Error"}')
        })
      return
    }
    consolePages()
      .then((handle) => handle(req, res))
      .catch((err: unknown) => {
        logger().error({ err }, 'console request failed')
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
        res.end('500 Internal Server Error')
      })
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(cfg.port, resolve))
  onListening?.()
  // Start-up (Prisma's engines, migrations, then Next's prepare) leaves garbage that V8 keeps
  // committed until it is under pressure; one full collection once all of it is loaded gives that
  // memory back.
  void consolePages()
    .then(() => collectGarbage())
    .catch((err: unknown) => logger().error({ err }, 'console failed to start'))

  const stop = async () => {
    server.close()
    stopScheduler()
    await stopQueueWorker()
    await flushTokenUses()
    await flushEvents()
    await closeDb()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}
