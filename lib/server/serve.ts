// One serving process: the node:http server with /api/v4/* and /-/* straight to the dispatcher (no
// Next.js routing per request: the bench shows it is several times faster) and everything else to
// the console, plus this process's scheduler and queue worker. The console is Next.js in this
// process (one process: prepared after the port is open, so API clients are served at once) or, in
// a cluster, the console process behind a loopback proxy (console-proxy.ts; serveConsole below).
// API_MOUNT=next sends the API through Next's route handler instead, which is what the bench
// compares against.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { flushTokenUses } from '../auth/last-used'
import { config } from '../config'
import { closeDb, getDb } from '../db'
import { startScheduler, stopScheduler } from '../pipeline-schedules/firer'
import { startQueueWorker, stopQueueWorker } from '../queue/worker'
import { handleOutcome, isApiPath } from './handler'
import { apiListener } from './node-bridge'
import { collectGarbage } from '../util/process-state'
import { flushEvents } from '../usage-data/events'
import { logger } from '../runtime/log'
import { consoleProxy } from './console-proxy'
import { collectWhenIdle } from './idle-gc'
import { markConsoleClient } from '../throttle/client-ip'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

async function consoleHandler(port: number): Promise<NodeHandler> {
  const { default: next } = await import('next')
  const app = next({ dev: false, dir: process.cwd(), port, quiet: true })
  await app.prepare()
  return app.getRequestHandler()
}

/** next-auth reads its base URL and secret from the environment. */
function authEnvironment() {
  const cfg = config()
  process.env.NEXTAUTH_URL = cfg.nextauthUrl
  process.env.NEXTAUTH_SECRET = cfg.authSecret
}

function consoleFailed(res: ServerResponse, err: unknown) {
  logger().error({ err }, 'console request failed')
  if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
  res.end('500 Internal Server Error')
}

const notFound: NodeHandler = async (_req, res) => {
  res.writeHead(404, { 'Content-Type': 'application/json' })
  res.end('{"message":"404 Not Found"}')
}

/**
 * Where this process sends console requests: Next.js in this process, the console process at the
 * port the cluster's primary announces, or nowhere (404: tests serving the API alone).
 */
export type ConsoleMode = 'in-process' | 'proxy' | 'none'

/** Serves until SIGTERM/SIGINT; resolves once listening. */
export async function serve({
  console: mode,
  onListening,
}: {
  console: ConsoleMode
  onListening?: () => void
}): Promise<void> {
  const cfg = config()
  authEnvironment()
  await getDb()
  startScheduler()
  startQueueWorker()
  const direct = cfg.apiMount === 'direct'
  const origin = `http://localhost:${cfg.port}`
  // The console process's port as the primary last announced it (undefined while it starts).
  let consolePort: number | undefined
  if (mode === 'proxy')
    process.on('message', (msg: unknown) => {
      if (msg && typeof msg === 'object' && 'consolePort' in msg)
        consolePort = (msg as { consolePort: number | null }).consolePort ?? undefined
    })
  let pages: Promise<NodeHandler> | undefined
  const consolePages = () =>
    (pages ??=
      mode === 'in-process'
        ? consoleHandler(cfg.port)
        : Promise.resolve(mode === 'proxy' ? consoleProxy(() => consolePort) : notFound))
  // API_MOUNT=next routes the API through Next too: nothing can be served before it is ready.
  if (!direct) await consolePages()

  const api = apiListener(handleOutcome, origin, (err) => logger().error({ err }, 'request failed'))
  const idle = collectWhenIdle()
  const server = createServer((req, res) => {
    idle.touch()
    const target = req.url ?? '/'
    const query = target.indexOf('?')
    const path = query < 0 ? target : target.slice(0, query)
    if (direct && isApiPath(path)) {
      api(req, res)
      return
    }
    // The console's sign-in throttles key on the client's address, which Next cannot see.
    markConsoleClient(req)
    consolePages()
      .then((handle) => handle(req, res))
      .catch((err: unknown) => consoleFailed(res, err))
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

  stopOnSignal(async () => {
    server.close()
    idle.stop()
    stopScheduler()
    await stopQueueWorker()
  })
}

function stopOnSignal(close: () => Promise<void>): void {
  const stop = async () => {
    await close()
    await flushTokenUses()
    await flushEvents()
    await closeDb()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

/**
 * The cluster's console process: Next.js alone, on a loopback port of its own (not the shared one),
 * announced to the primary, which tells the API workers. Its pages call the API in-process.
 */
export async function serveConsole(): Promise<void> {
  authEnvironment()
  await getDb()
  const handle = await consoleHandler(config().port)
  const idle = collectWhenIdle()
  const server = createServer((req, res) => {
    idle.touch()
    handle(req, res).catch((err: unknown) => consoleFailed(res, err))
  })
  server.keepAliveTimeout = 65_000
  // exclusive: a port of its own, not one handed out by the cluster's primary.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve))
  collectGarbage()
  process.send?.({ consolePort: (server.address() as { port: number }).port })
  stopOnSignal(async () => {
    server.close()
    idle.stop()
  })
}
