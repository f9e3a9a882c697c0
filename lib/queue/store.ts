// The queue's table operations: enqueue, claim, heartbeat, finish, release. Every state change is
// a conditional UPDATE on the row (status and owner), so a task is run by one worker at a time and
// finished once, on SQLite and PostgreSQL alike; on PostgreSQL the claim also skips rows another
// worker is claiming right now (FOR UPDATE SKIP LOCKED) instead of waiting for them.
import { getDb, isUniqueViolation, provider, type Prisma } from '../db'
import type { QueuedTask } from '../db'
import { taskDefinition } from './tasks'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { processState } from '../util/process-state'
import { config } from '../config'

export interface EnqueueOptions {
  runAt?: Date
  priority?: number
  createdById?: number | null
  maxAttempts?: number
}

const g = processState('queue.wake', () => ({ wake: undefined as (() => void) | undefined }))
/** Lets this process's worker look at once instead of at its next poll. */
export const onEnqueue = (wake: () => void) => void (g.wake = wake)

export async function enqueue(
  kind: string,
  payload: unknown,
  opts: EnqueueOptions = {},
  tx?: Prisma.TransactionClient,
): Promise<QueuedTask> {
  const def = taskDefinition(kind)
  if (!def) throw new Error(`unknown task kind ${kind}`)
  const parsed = def.payload.parse(payload)
  const db = tx ?? (await getDb())
  const task = await db.queuedTask.create({
    data: {
      kind,
      payload: JSON.stringify(parsed),
      concurrencyKey: def.concurrencyKey?.(parsed) ?? null,
      priority: opts.priority ?? 0,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: opts.maxAttempts ?? def.maxAttempts ?? 5,
      createdById: opts.createdById ?? null,
    },
  })
  g.wake?.()
  return task
}

async function takeKey(key: string, taskId: number): Promise<boolean> {
  const db = await getDb()
  try {
    await db.queueLock.create({ data: { key, taskId } })
    return true
  } catch (e) {
    if (isUniqueViolation(e)) return false
    throw e
  }
}

export async function releaseKey(task: Pick<QueuedTask, 'id' | 'concurrencyKey'>): Promise<void> {
  if (!task.concurrencyKey) return
  const db = await getDb()
  await db.queueLock.deleteMany({ where: { key: task.concurrencyKey, taskId: task.id } })
}

/** One conditional UPDATE: pending → running for this worker, or 0 rows if someone was faster. */
async function markRunning(id: number, workerId: string, now: Date): Promise<boolean> {
  const db = await getDb()
  if (provider() === 'postgresql') {
    const n =
      await db.$executeRaw`UPDATE "QueuedTask" SET status = 'running', "lockedBy" = ${workerId}, "heartbeatAt" = ${now}, "startedAt" = COALESCE("startedAt", ${now}), attempts = attempts + 1, "updatedAt" = ${now}
      WHERE id = (SELECT id FROM "QueuedTask" WHERE id = ${id} AND status = 'pending' FOR UPDATE SKIP LOCKED)`
    return n === 1
  }
  const current = await db.queuedTask.findUnique({ where: { id }, select: { startedAt: true } })
  const { count } = await db.queuedTask.updateMany({
    where: { id, status: 'pending' },
    data: {
      status: 'running',
      lockedBy: workerId,
      heartbeatAt: now,
      startedAt: current?.startedAt ?? now,
      attempts: { increment: 1 },
    },
  })
  return count === 1
}

/** The next due task of the given kinds for this worker, or null. */
export async function claimTask(workerId: string, kinds: string[]): Promise<QueuedTask | null> {
  if (!kinds.length) return null
  const db = await getDb()
  const now = new Date()
  const candidates = await db.queuedTask.findMany({
    where: { status: 'pending', runAt: { lte: now }, kind: { in: kinds } },
    orderBy: [{ priority: 'desc' }, { id: 'asc' }],
    take: 20,
    select: { id: true, concurrencyKey: true },
  })
  for (const c of candidates) {
    if (c.concurrencyKey && !(await takeKey(c.concurrencyKey, c.id))) continue
    if (await markRunning(c.id, workerId, now)) return db.queuedTask.findUniqueOrThrow({ where: { id: c.id } })
    await releaseKey(c)
  }
  return null
}

/** Saves progress and proves the worker alive; false when the task is no longer this worker's. */
export async function saveProgress(
  task: QueuedTask,
  workerId: string,
  progress: Record<string, unknown>,
): Promise<boolean> {
  const db = await getDb()
  const { count } = await db.queuedTask.updateMany({
    where: { id: task.id, status: 'running', lockedBy: workerId },
    data: { progress: JSON.stringify(progress), heartbeatAt: new Date() },
  })
  return count === 1
}

export async function heartbeat(workerId: string, ids: number[]): Promise<void> {
  if (!ids.length) return
  const db = await getDb()
  await db.queuedTask.updateMany({
    where: { id: { in: ids }, status: 'running', lockedBy: workerId },
    data: { heartbeatAt: new Date() },
  })
}

/**
 * The worker's own sign of life (QueueWorker), written at start and with every heartbeat whether
 * or not it holds a task: an idle worker is as much alive as a busy one. Rows of workers silent for
 * a day (a process killed without its stop) are dropped on the way.
 */
export async function workerAlive(worker: { id: string; host: string; pid: number }): Promise<void> {
  const db = await getDb()
  const now = new Date()
  await db.queueWorker.upsert({
    where: { id: worker.id },
    create: { ...worker, heartbeatAt: now },
    update: { heartbeatAt: now },
  })
  await db.queueWorker.deleteMany({ where: { heartbeatAt: { lt: new Date(now.getTime() - 24 * 3600_000) } } })
}

/** The worker stopped: it no longer counts as alive. */
export async function workerGone(id: string): Promise<void> {
  await (await getDb()).queueWorker.deleteMany({ where: { id } })
}

/** Workers of any process or node that heartbeated since `since`, newest first. */
export async function liveWorkers(
  since: Date,
): Promise<{ id: string; host: string; pid: number; heartbeatAt: Date }[]> {
  return (await getDb()).queueWorker.findMany({
    where: { heartbeatAt: { gte: since } },
    orderBy: { heartbeatAt: 'desc' },
    take: 100,
  })
}

/** running → succeeded, only for the owner; false if the task was taken away meanwhile. */
export async function finishTask(task: QueuedTask, workerId: string, result: unknown): Promise<boolean> {
  const db = await getDb()
  const { count } = await db.queuedTask.updateMany({
    where: { id: task.id, status: 'running', lockedBy: workerId },
    data: {
      status: 'succeeded',
      result: result === undefined ? null : JSON.stringify(result),
      finishedAt: new Date(),
      lockedBy: null,
      lastError: null,
    },
  })
  await releaseKey(task)
  return count === 1
}

/** Backoff before a retry: attempts² × QUEUE_BACKOFF_MS (5 s) plus jitter, at most ten minutes. */
export const backoffMs = (attempts: number) => {
  const base = config().queue.backoffMs
  return Math.min(600_000, attempts * attempts * base + Math.floor(Math.random() * Math.min(1000, base)))
}

/** A failed run: back to pending after a backoff, or failed for good after maxAttempts (or at once when `final`). */
export async function failTask(
  task: QueuedTask,
  workerId: string,
  error: string,
  final = task.attempts >= task.maxAttempts,
): Promise<void> {
  const db = await getDb()
  await db.queuedTask.updateMany({
    where: { id: task.id, status: 'running', lockedBy: workerId },
    data: final
      ? { status: 'failed', lastError: error.slice(0, 2000), finishedAt: new Date(), lockedBy: null }
      : {
          status: 'pending',
          lastError: error.slice(0, 2000),
          runAt: new Date(Date.now() + backoffMs(task.attempts)),
          lockedBy: null,
        },
  })
  await releaseKey(task)
}

/** A task this worker stops holding without finishing it (process stopping): pending again at once. */
export async function giveBack(task: QueuedTask, workerId: string): Promise<void> {
  const db = await getDb()
  await db.queuedTask.updateMany({
    where: { id: task.id, status: 'running', lockedBy: workerId },
    data: { status: 'pending', lockedBy: null, runAt: new Date() },
  })
  await releaseKey(task)
}

/** The task a definition's onGiveUp names for `task`, queued in the caller's transaction (none when this process does not know the kind). */
async function enqueueFollowUp(
  task: QueuedTask,
  how: 'abandoned' | 'canceled',
  tx: Prisma.TransactionClient,
): Promise<void> {
  const def = taskDefinition(task.kind)
  if (!def?.onGiveUp) return
  const next = def.onGiveUp(def.payload.parse(JSON.parse(task.payload)), how)
  await enqueue(next.kind, next.payload, { createdById: task.createdById }, tx)
}

/**
 * Running tasks whose worker stopped heartbeating (killed, crashed, partitioned) go back to
 * pending — or fail, if that was their last attempt — and their keys are freed. Reads first, so
 * an idle queue costs no write.
 */
export async function releaseAbandoned(timeoutMs: number): Promise<number> {
  const db = await getDb()
  const deadline = new Date(Date.now() - timeoutMs)
  const stale = await db.queuedTask.findMany({ where: { status: 'running', heartbeatAt: { lt: deadline } }, take: 100 })
  let released = 0
  for (const t of stale) {
    const final = t.attempts >= t.maxAttempts
    // Given up for good: its follow-up (onGiveUp) is queued in the same transaction, so a crash
    // here leaves either a running task to release again or a failed one with its follow-up.
    const count = await db.$transaction(async (tx) => {
      const { count } = await tx.queuedTask.updateMany({
        where: { id: t.id, status: 'running', lockedBy: t.lockedBy, heartbeatAt: { lt: deadline } },
        data: final
          ? { status: 'failed', lastError: 'worker stopped responding', finishedAt: new Date(), lockedBy: null }
          : { status: 'pending', lockedBy: null, runAt: new Date(), lastError: 'worker stopped responding' },
      })
      if (count && final) await enqueueFollowUp(t, 'abandoned', tx)
      return count
    })
    if (count) {
      released++
      await releaseKey(t)
    }
  }
  // Keys left by a worker that died between taking a key and claiming its task.
  const locks = await db.queueLock.findMany({ take: 200 })
  if (locks.length) {
    const running = new Set(
      (
        await db.queuedTask.findMany({
          where: { id: { in: locks.map((l) => l.taskId) }, status: 'running' },
          select: { id: true },
        })
      ).map((t) => t.id),
    )
    const orphans = locks.filter((l) => !running.has(l.taskId) && Date.now() - l.createdAt.getTime() > timeoutMs)
    if (orphans.length) await db.queueLock.deleteMany({ where: { key: { in: orphans.map((l) => l.key) } } })
  }
  return released
}

/** Cancels a pending or running task (a running one stops at its next checkpoint). */
/** The admin list: newest first, optionally one status and one kind. */
export async function listTasks(filter: { status?: string; kind?: string }, page: PageWindow) {
  const db = await getDb()
  const where = { ...(filter.status ? { status: filter.status } : {}), ...(filter.kind ? { kind: filter.kind } : {}) }
  return offsetList(
    'queuedTask',
    where,
    page,
    db.queuedTask.findMany({ where, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
  )
}

export async function cancelTask(id: number): Promise<QueuedTask | null> {
  const db = await getDb()
  const { count, task } = await db.$transaction(async (tx) => {
    const { count } = await tx.queuedTask.updateMany({
      where: { id, status: { in: ['pending', 'running'] } },
      data: { status: 'canceled', finishedAt: new Date(), lockedBy: null },
    })
    const task = await tx.queuedTask.findUnique({ where: { id } })
    if (count && task) await enqueueFollowUp(task, 'canceled', tx)
    return { count, task }
  })
  if (count && task) await releaseKey(task)
  return task
}

/** The newest task of a kind holding a concurrency key (e.g. a repository's last cleanup), for progress pages. */
export async function latestTaskWithKey(kind: string, concurrencyKey: string): Promise<QueuedTask | null> {
  return (await getDb()).queuedTask.findFirst({ where: { concurrencyKey, kind }, orderBy: { id: 'desc' } })
}
