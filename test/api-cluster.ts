// A server as `npm start` runs it (test/fixtures/api-cluster.ts: the cluster of WEB_CONCURRENCY API
// processes), on a port and a DATA_DIR of its own and the test run's database: another node.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { freePort } from './free-port'
import { untilListening } from './listening'

export interface ClusterServer {
  name: string
  port: number
  child: ChildProcess
}

/** The api-cluster fixture listening on `port`: the test run's environment, `env` over it. */
export function spawnApiCluster(
  port: number,
  env: Record<string, string>,
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'api-cluster.ts')], {
    env: { ...process.env, PORT: String(port), EXTERNAL_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export async function startApiCluster(
  name: string,
  processes = 1,
  env: Record<string, string> = {},
): Promise<ClusterServer> {
  const port = await freePort()
  const child = spawnApiCluster(port, {
    WEB_CONCURRENCY: String(processes),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `cluster-${name}-`)),
    LOG_LEVEL: 'fatal',
    ...env,
  })
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
