// WEB_CONCURRENCY > 1: a primary that only supervises, WEB_CONCURRENCY API workers sharing the port
// through node:cluster (the primary accepts and hands connections round-robin) and one console
// worker (Next.js on a loopback port of its own, reached through the API workers: serve.ts and
// console-proxy.ts). The first API worker migrates and seeds before the others start (they repeat
// it, finding nothing to do); API workers also run the scheduler and the
// queue worker, which run each item once across processes, and lib/db/change-stamp.ts keeps every
// process's caches in step. `npm start` loads this file alone (dist/cluster.mjs, from
// scripts/start.mjs), so the primary stays small and forks at once. A worker that dies is replaced;
// one that dies before it served is a start-up failure, so the primary exits instead of looping.
import cluster, { type Worker } from 'node:cluster'
import { config } from '../config'

export type WorkerRole = 'api' | 'console'

const log = (msg: string) => console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), msg }))

/** How many API processes this start runs (WEB_CONCURRENCY; default: the cores). */
export const clusterSize = () => config().webConcurrency

/** This process's part in a cluster (a worker's APP_ROLE), null outside one. */
export const workerRole = (): WorkerRole | null => (cluster.isWorker ? config().appRole : null)

/**
 * Forks the API workers (and a console worker unless `console` is false) running `exec` (default:
 * this process's script) and supervises them. `onListening` runs once every API worker listens.
 */
export function runCluster({
  exec,
  console: withConsole = true,
  onListening,
}: { exec?: string; console?: boolean; onListening?: (workers: number, consoleProcess: boolean) => void } = {}): void {
  const workers = clusterSize()
  if (exec) cluster.setupPrimary({ exec })
  let stopping = false
  let consolePort: number | null = null
  let consoleForked = false
  let othersForked = false
  const roles = new Map<Worker, WorkerRole>()
  const served = new Set<Worker>()
  const alive = () => roles.size
  const api = () => [...roles].filter(([, r]) => r === 'api').map(([w]) => w)
  const stopAll = () => {
    for (const w of roles.keys()) w.process.kill('SIGTERM')
  }
  const announce = (w: Worker) => {
    if (w.isConnected()) w.send({ consolePort })
  }
  const fork = (role: WorkerRole) => {
    const w = cluster.fork({ APP_ROLE: role })
    roles.set(w, role)
    if (role === 'api') w.on('online', () => announce(w))
    else
      w.on('message', (msg: unknown) => {
        if (!msg || typeof msg !== 'object' || !('consolePort' in msg)) return
        consolePort = Number(msg.consolePort)
        served.add(w)
        for (const a of api()) announce(a)
      })
  }
  cluster.on('listening', (worker) => {
    if (roles.get(worker) !== 'api' || served.has(worker)) return
    served.add(worker)
    // The first worker alone migrates a new database and creates root: on a fresh SQLite file,
    // workers doing that together waited on each other's locks past SQLite's busy timeout on a
    // loaded machine. The others start once it serves, and find nothing left to do.
    if (!othersForked) {
      othersForked = true
      for (let i = 1; i < workers; i++) fork('api')
    }
    if (api().filter((w) => served.has(w)).length !== workers || consoleForked) return
    onListening?.(workers, withConsole)
    // The console starts once the API serves: started together, they share the cores and the API
    // is ready later.
    consoleForked = true
    if (withConsole) fork('console')
  })
  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker)
    roles.delete(worker)
    const hadServed = served.delete(worker)
    if (role === 'console') {
      consolePort = null
      for (const a of api()) announce(a)
    }
    if (stopping) {
      if (alive() === 0) process.exit(process.exitCode ?? 0)
      return
    }
    if (!hadServed) {
      log(
        `${role ?? 'worker'} process ${String(worker.process.pid)} exited (${signal || String(code)}) before it served: stopping`,
      )
      stopping = true
      process.exitCode = 1
      stopAll()
      if (alive() === 0) process.exit(1)
      return
    }
    log(`${role ?? 'worker'} process ${String(worker.process.pid)} died (${signal || String(code)}): starting another`)
    fork(role ?? 'api')
  })
  const stop = () => {
    if (stopping) return
    stopping = true
    stopAll()
    // Workers finish their queue tasks' grace period; past that, leave anyway.
    setTimeout(() => process.exit(process.exitCode ?? 0), 20_000).unref()
    if (alive() === 0) process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  fork('api')
}

/** The line every start prints once it serves: `api` API processes, and whether a console process runs beside them. */
export function listeningLine(api: number, consoleProcess = false): string {
  const cfg = config()
  const processes =
    api === 1 && !consoleProcess
      ? '1 process'
      : `${api} API process${api === 1 ? '' : 'es'}${consoleProcess ? ' + 1 console process' : ''}`
  return `Listening on ${cfg.externalUrl} (${processes}; API mount: ${cfg.apiMount}; ready in ${Math.round(performance.now())} ms)`
}
