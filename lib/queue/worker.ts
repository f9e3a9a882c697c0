// The queue worker every `npm start` process runs (QUEUE_WORKER_ENABLED=false turns it off): it
// claims due tasks of the kinds this process knows, runs up to QUEUE_CONCURRENCY at once,
// heartbeats the ones it holds, and releases tasks whose worker died. On stop it lets running
// tasks finish for a grace period, then gives them back (they resume from their checkpoint).
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { logger } from '../runtime/log'
import { syncChanges, type QueuedTask } from '../db'
import type { TaskProgress } from './schema'
import {
  claimTask,
  failTask,
  finishTask,
  giveBack,
  heartbeat,
  onEnqueue,
  releaseAbandoned,
  saveProgress,
  workerAlive,
  workerGone,
} from './store'
import { knownKinds, taskDefinition, TaskFailed, TaskLost } from './tasks'
import { processState } from '../util/process-state'
import { config } from '../config'
import { crashPoint } from '../runtime/crash-point'

export interface WorkerOptions {
  concurrency?: number
  pollMs?: number
  heartbeatMs?: number
  /** A running task whose heartbeat is older than this is taken back. */
  abandonAfterMs?: number
}

interface Worker {
  id: string
  stopped: boolean
  running: Map<number, { promise: Promise<void>; abort: AbortController }>
  timers: NodeJS.Timeout[]
  wake: () => void
}

const g = processState('queue.worker', () => ({ worker: undefined as Worker | undefined }))

export function startQueueWorker(opts: WorkerOptions = {}): string | null {
  const q = config().queue
  if (g.worker || !q.workerEnabled) return g.worker?.id ?? null
  const concurrency = opts.concurrency ?? q.concurrency
  const pollMs = opts.pollMs ?? q.pollMs
  const heartbeatMs = opts.heartbeatMs ?? q.heartbeatMs
  const abandonAfterMs = opts.abandonAfterMs ?? q.abandonAfterMs
  let wakeUp: (() => void) | null = null
  const w: Worker = {
    id: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    stopped: false,
    running: new Map(),
    timers: [],
    wake: () => wakeUp?.(),
  }
  g.worker = w
  onEnqueue(w.wake)

  const loop = async () => {
    while (!w.stopped) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stopQueueWorker() sets it while this loop awaits
        while (!w.stopped && w.running.size < concurrency) {
          const task = await claimTask(w.id, knownKinds())
          if (!task) break
          run(w, task)
        }
      } catch (err) {
        logger().error({ err }, 'queue: claim failed')
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pollMs)
        wakeUp = () => {
          clearTimeout(t)
          resolve()
        }
      })
      wakeUp = null
    }
  }
  void loop()
  // Seen by every process's admin overview (QueueWorker), not only this one's.
  const alive = () =>
    workerAlive({ id: w.id, host: hostname(), pid: process.pid }).catch((err: unknown) =>
      logger().error({ err }, 'queue: worker heartbeat failed'),
    )
  void alive()
  w.timers.push(
    setInterval(() => {
      void heartbeat(w.id, [...w.running.keys()]).catch((err: unknown) =>
        logger().error({ err }, 'queue: heartbeat failed'),
      )
      void alive()
    }, heartbeatMs).unref(),
    setInterval(
      () =>
        void releaseAbandoned(abandonAfterMs)
          .then((n) => n && logger().warn({ released: n }, 'queue: released abandoned tasks'))
          .catch((err: unknown) => logger().error({ err }, 'queue: release failed')),
      Math.max(1000, Math.floor(abandonAfterMs / 2)),
    ).unref(),
  )
  return w.id
}

function run(w: Worker, task: QueuedTask) {
  const def = taskDefinition(task.kind)!
  const abort = new AbortController()
  const promise = (async () => {
    try {
      // A task reads settings and rows through the caches as requests do: what committed before it began counts.
      await syncChanges()
      crashPoint(`${task.kind}:after-claim`, task.attempts)
      const payload = def.payload.parse(JSON.parse(task.payload))
      const result = await def.run({
        task,
        payload,
        progress: JSON.parse(task.progress) as TaskProgress,
        signal: abort.signal,
        checkpoint: async (progress: TaskProgress) => {
          if (!(await saveProgress(task, w.id, progress))) {
            abort.abort()
            throw new TaskLost(`task ${task.id} is no longer held by this worker`)
          }
        },
      })
      crashPoint(`${task.kind}:before-done`, task.attempts)
      if (!(await finishTask(task, w.id, result)))
        logger().warn({ task: task.id }, 'queue: finished a task this worker no longer held')
    } catch (err) {
      if (err instanceof TaskLost) return
      if (w.stopped && abort.signal.aborted) {
        // Given back on stop: another worker resumes it from its checkpoint.
        await giveBack(task, w.id).catch(() => {})
        return
      }
      logger().error({ err, task: task.id, kind: task.kind }, 'queue: task failed')
      await failTask(task, w.id, err instanceof Error ? err.message : String(err), err instanceof TaskFailed).catch(
        () => {},
      )
    } finally {
      w.running.delete(task.id)
      w.wake()
    }
  })()
  w.running.set(task.id, { promise, abort })
}

/** Stops claiming; waits up to `graceMs` for running tasks, then aborts them (they are released by others). */
export async function stopQueueWorker(graceMs = 10_000): Promise<void> {
  const w = g.worker
  if (!w) return
  w.stopped = true
  w.wake()
  for (const t of w.timers) clearInterval(t)
  const all = Promise.all([...w.running.values()].map((r) => r.promise))
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
  ])
  if (timedOut) for (const r of w.running.values()) r.abort.abort()
  await workerGone(w.id).catch((err: unknown) => logger().error({ err }, 'queue: could not sign the worker off'))
  g.worker = undefined
}
