// A server as `npm start` runs it (test/fixtures/api-cluster.ts: the cluster of WEB_CONCURRENCY API
// processes), on a port and a DATA_DIR of its own and the test run's database: another node.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'
import { untilListening } from './listening'

export interface ClusterServer {
  name: string
  port: number
  child: ChildProcess
}

export async function startApiCluster(
  name: string,
  processes = 1,
  env: Record<string, string> = {},
): Promise<ClusterServer> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'api-cluster.ts')],
    {
      env: {
        ...process.env,
        WEB_CONCURRENCY: String(processes),
        PORT: String(port),
        EXTERNAL_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `cluster-${name}-`)),
        LOG_LEVEL: 'fatal',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  await untilListening(child, name)
  return { name, port, child }
}

/** SIGTERM to each server still running, and the wait for it to exit. */
export async function stopApiClusters(servers: readonly ClusterServer[]): Promise<void> {
  await Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }),
  )
}
