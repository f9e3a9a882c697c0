// WEB_CONCURRENCY > 1: one primary that prepares the database once (migrations, root, keys) and then
// only supervises, plus that many workers sharing the port through node:cluster (the primary
// accepts and hands connections round-robin). Workers are whole servers: API, console, scheduler
// and queue worker each; the schedules and the queue already run each item once across processes,
// and lib/db/change-stamp.ts keeps their caches in step. A worker that dies is replaced; one that
// dies before it listens is a start-up failure, so the primary exits instead of looping.
import cluster, { type Worker } from 'node:cluster'
import { logger } from '../runtime/log'

export async function runCluster({ workers, prepare, onListening }: { workers: number; prepare: () => Promise<void>; onListening: () => void }): Promise<void> {
  await prepare()
  let stopping = false
  const listening = new Set<Worker>()
  const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean).length
  cluster.on('listening', (worker) => {
    listening.add(worker)
    if (listening.size === workers) onListening()
  })
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker)
    if (stopping) {
      if (alive() === 0) process.exit(0)
      return
    }
    if (!served) {
      logger().fatal({ code, signal }, 'worker exited before it listened')
      stopping = true
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
      process.exitCode = 1
      if (alive() === 0) process.exit(1)
      return
    }
    logger().error({ pid: worker.process.pid, code, signal }, 'worker died: starting another')
    cluster.fork()
  })
  const stop = () => {
    if (stopping) return
    stopping = true
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    // Workers finish their queue tasks' grace period; past that, leave anyway.
    setTimeout(() => process.exit(0), 20_000).unref()
    if (alive() === 0) process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  for (let i = 0; i < workers; i++) cluster.fork()
}
