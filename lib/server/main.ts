// `npm start`: migrate, seed root, then one node:http server. /api/v4/* and /-/* go straight to the
// dispatcher (no Next.js routing per request: the bench shows it is several times faster);
// everything else (the console) is Next.js. API_MOUNT=next sends the API through Next's route
// handler instead, which is what the bench compares against.
import { createServer } from 'node:http'
import next from 'next'
import { flushTokenUses } from '../auth/last-used'
import { config } from '../config'
import { closeDb, getDb } from '../db'
import { seedRoot } from './seed'
import { startScheduler, stopScheduler } from '../jobs/scheduler'
import { startQueueWorker, stopQueueWorker } from '../queue/worker'
import { handleRequest, isApiPath } from './handler'
import { sendWebResponse, toWebRequest } from './node-bridge'
import { collectGarbage } from '../runtime/state'
import { flushEvents } from '../usage-data/events'
import { ensureServicePingSchedule } from '../usage-data/service'
import { registryKeys } from '../container-registry/keys'
import { logger } from '../runtime/log'

async function main() {
  const started = performance.now()
  const cfg = config()
  process.env.NEXTAUTH_URL ??= cfg.externalUrl
  process.env.NEXTAUTH_SECRET ??= cfg.authSecret
  await getDb()
  await seedRoot()
  startScheduler()
  startQueueWorker()
  ensureServicePingSchedule().catch((err: unknown) => logger().error({ err }, 'service ping schedule failed'))
  // The registry's token key and certificate exist from the first start on, so a registry can be
  // configured to trust $DATA_DIR/registry/token.crt before the first token is asked for.
  registryKeys().catch((err: unknown) => logger().error({ err }, 'registry token key failed'))
  const app = next({ dev: false, dir: process.cwd(), port: cfg.port, quiet: true })
  const nextHandler = app.getRequestHandler()
  await app.prepare()
  const direct = process.env.API_MOUNT !== 'next'
  const origin = `http://localhost:${cfg.port}`

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    if (direct && isApiPath(path)) {
      handleRequest(toWebRequest(req, origin), { ip: req.socket.remoteAddress ?? null, textBody: true })
        .then((response) => sendWebResponse(res, response))
        .catch((err: unknown) => {
          console.error(err)
          if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' })
          res.end('{"message":"500 Internal Server Error"}')
        })
      return
    }
    void nextHandler(req, res)
  })
  // Start-up (Next's prepare, Prisma's engines, migrations) leaves garbage that V8 keeps committed
  // until it is under pressure; one full collection here gives that memory back before serving.
  collectGarbage()
  server.keepAliveTimeout = 65_000
  server.listen(cfg.port, () => {
    console.log(`Listening on ${cfg.externalUrl} (API mount: ${direct ? 'direct' : 'next'}; ready in ${Math.round(performance.now() - started)} ms)`)
  })

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

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
