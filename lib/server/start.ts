// How the server starts: one process that migrates, seeds and serves API and console (serve.ts), or
// with WEB_CONCURRENCY > 1 (the default on a machine with several cores) a cluster of that many API
// processes and one console process (cluster.ts). `npm start` runs the cluster's primary from dist/cluster.mjs, which never loads
// this bundle; calling start() in a primary (tests) does the same from here.
import cluster from 'node:cluster'
import { getDb } from '../db'
import { databaseOutage } from '../db/unavailable'
import { seedRoot } from './seed'
import { serve, serveConsole } from './serve'
import { clusterSize, listeningLine, runCluster, workerRole } from './cluster'
import { ensureServicePingSchedule } from '../usage-data/service'
import { registryKeys } from '../container-registry/keys'
import { logger } from '../runtime/log'

/**
 * Before serving, in every process (each step is safe when several processes start together). A
 * database that cannot serve yet (PostgreSQL restarting, a process replaced during an outage) is
 * waited for: a process that gave up would end the whole cluster (cluster.ts stops when a process
 * dies before it served), so an outage would outlast the database's own.
 */
async function prepareDatabase(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await getDb()
      break
    } catch (err) {
      const outage = databaseOutage(err)
      if (!outage) throw err
      if (attempt % 20 === 0) logger().warn(`waiting for the database: ${outage}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  await seedRoot()
}

/**
 * Once the port is open, in every API process: nothing a request needs waits for these, and the
 * first of them is the process's first Prisma query (its query compiler costs ≈ 250 ms to load),
 * which start-up to the first answer no longer pays.
 */
function afterListening(): void {
  void ensureServicePingSchedule().catch((err: unknown) => logger().error({ err }, 'service ping schedule failed'))
  // The registry's token key and certificate exist from the first start on, so a registry can be
  // configured to trust $DATA_DIR/registry/token.crt before the first token is asked for.
  void registryKeys().catch((err: unknown) => logger().error({ err }, 'registry token key failed'))
}

/** Runs the server the way `npm start` does; `console: false` (tests) serves the API alone. */
export async function start({ console: withConsole }: { console: boolean }): Promise<void> {
  if (cluster.isPrimary && clusterSize() > 1) {
    runCluster({ console: withConsole, onListening: (n, c) => console.log(listeningLine(n, c)) })
    return
  }
  await prepareDatabase()
  const role = workerRole()
  if (role === 'console') return serveConsole()
  const mode = !withConsole ? 'none' : role === 'api' ? 'proxy' : 'in-process'
  await serve({ console: mode, onListening: role ? undefined : () => console.log(listeningLine(1)) })
  afterListening()
}
