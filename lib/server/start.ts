// How `npm start` runs: migrate, seed root, then serve (serve.ts) on one process, or with WEB_CONCURRENCY > 1
// (the default on a machine with several cores) on that many worker processes sharing the port
// (cluster.ts).
import cluster from 'node:cluster'
import { config } from '../config'
import { closeDb, getDb } from '../db'
import { seedRoot } from './seed'
import { serve } from './serve'
import { runCluster } from './cluster'
import { ensureServicePingSchedule } from '../usage-data/service'
import { registryKeys } from '../container-registry/keys'
import { logger } from '../runtime/log'
import { collectGarbage } from '../runtime/state'

/** Once per start, before anything serves. */
async function prepareDatabase(): Promise<void> {
  await getDb()
  await seedRoot()
  await ensureServicePingSchedule().catch((err: unknown) => logger().error({ err }, 'service ping schedule failed'))
  // The registry's token key and certificate exist from the first start on, so a registry can be
  // configured to trust $DATA_DIR/registry/token.crt before the first token is asked for.
  await registryKeys().catch((err: unknown) => logger().error({ err }, 'registry token key failed'))
}

/** Runs the server the way `npm start` does; `console: false` (tests) serves the API alone. */
export async function start({ console: withConsole }: { console: boolean }): Promise<void> {
  const started = performance.now()
  const cfg = config()
  const workers = cfg.webConcurrency
  const ready = (processes: number) => () =>
    console.log(
      `Listening on ${cfg.externalUrl} (${processes} process${processes === 1 ? '' : 'es'}; API mount: ${process.env.API_MOUNT === 'next' ? 'next' : 'direct'}; ready in ${Math.round(performance.now() - started)} ms)`,
    )
  if (cluster.isPrimary && workers > 1) {
    return runCluster({
      workers,
      prepare: async () => {
        await prepareDatabase()
        // The primary only supervises: give back the client and what migrating and seeding allocated.
        await closeDb()
        collectGarbage()
      },
      onListening: ready(workers),
    })
  }
  if (cluster.isPrimary) await prepareDatabase()
  await serve({ console: withConsole, onListening: cluster.isPrimary ? ready(1) : undefined })
}
