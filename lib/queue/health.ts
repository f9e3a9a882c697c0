// What the admin overview needs to judge background work: how many tasks wait, run and failed
// lately, whether any wait far past their time or run without a heartbeat, and which workers are
// alive in any process or node (their own heartbeats, QueueWorker: the console's process runs none,
// the API processes do). Each count is one indexed query (status leads every index).
import { getDb } from '../db'
import { liveWorkers } from './store'
import { config } from '../config'

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
  /** Workers that heartbeated within the stale limit, in any process of the installation. */
  workers: { host: string; pid: number }[]
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
  // The worker's own default for taking a task back (QUEUE_ABANDON_AFTER_MS): silent this long is dead.
  // The worker's own default for taking a task back (QUEUE_ABANDON_AFTER_MS).
  const staleAfterMs = opts.staleAfterMs ?? config().queue.abandonAfterMs
  const [pending, running, recentlyFailed, overdue, stale, workers] = await Promise.all([
    t.count({ where: { status: 'pending' } }),
    t.count({ where: { status: 'running' } }),
    t.count({ where: { status: 'failed', finishedAt: { gte: before(opts.failedWithinMs ?? 24 * 3600_000) } } }),
    t.count({ where: { status: 'pending', runAt: { lt: before(overdueAfterMs) } } }),
    t.count({ where: { status: 'running', heartbeatAt: { lt: before(staleAfterMs) } } }),
    liveWorkers(before(staleAfterMs)),
  ])
  return {
    pending,
    running,
    recentlyFailed,
    overdue,
    stale,
    overdueAfterMs,
    workers: workers.map(({ host, pid }) => ({ host, pid })),
  }
}
