// What the admin overview needs to judge background work: how many tasks wait, run and failed
// lately, whether any wait far past their time or run without a heartbeat, and whether this
// process runs a worker. Each count is one indexed query (status leads every index).
import { getDb } from '../db'
import { queueWorkerRunning } from './worker'

export interface QueueHealthFacts {
  pending: number
  running: number
  /** Failed for good within `failedWithinMs`. */
  recentlyFailed: number
  /** Pending tasks due more than `overdueAfterMs` ago: nobody is claiming them. */
  overdue: number
  /** Running tasks whose worker has not heartbeated for `staleAfterMs`. */
  stale: number
  /** What `overdue` waited past. */
  overdueAfterMs: number
  workerInThisProcess: boolean
}

export interface QueueHealthOptions {
  now?: Date
  overdueAfterMs?: number
  staleAfterMs?: number
  failedWithinMs?: number
}

export async function queueHealthFacts(opts: QueueHealthOptions = {}): Promise<QueueHealthFacts> {
  const now = (opts.now ?? new Date()).getTime()
  const before = (ms: number) => new Date(now - ms)
  const overdueAfterMs = opts.overdueAfterMs ?? 5 * 60_000
  const t = (await getDb()).queuedTask
  const [pending, running, recentlyFailed, overdue, stale] = await Promise.all([
    t.count({ where: { status: 'pending' } }),
    t.count({ where: { status: 'running' } }),
    t.count({ where: { status: 'failed', finishedAt: { gte: before(opts.failedWithinMs ?? 24 * 3600_000) } } }),
    t.count({ where: { status: 'pending', runAt: { lt: before(overdueAfterMs) } } }),
    // The worker's own default for taking a task back (QUEUE_ABANDON_AFTER_MS).
    t.count({ where: { status: 'running', heartbeatAt: { lt: before(opts.staleAfterMs ?? Number(process.env.QUEUE_ABANDON_AFTER_MS ?? 60_000)) } } }),
  ])
  return { pending, running, recentlyFailed, overdue, stale, overdueAfterMs, workerInThisProcess: queueWorkerRunning() }
}
