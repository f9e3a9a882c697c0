// The runners' job queue between processes. X-GitLab-Last-Update (GitLab: the runner queue value in
// Redis) is the version of the JobQueueTick row, which every transaction that makes jobs pending
// moves (`tickJobQueue`): every process reads the same value once it checked the change stamp, so a
// runner whose poll lands on another process than its last one still long-polls instead of getting
// an immediate 204. Within a process, "jobs became pending" wakes waiting polls at once; only about
// as many waiters as there are new jobs are woken (oldest first), so 200 idle runners do not all
// race for one job. The rest, and other processes' jobs, are found by the periodic re-check, which
// reads the queue only when the tick moved (lib/ci-jobs/protocol-endpoints.ts).
import { syncChanges, tableVersion, type Prisma } from '../db'
import { processState } from '../util/process-state'

const jobQueue = processState('pipelines.jobQueue', () => ({ local: Date.now(), waiters: new Set<() => void>() }))
const state = () => jobQueue

/** Inside the transaction that makes jobs pending: moves the value every process reads. */
export async function tickJobQueue(tx: Prisma.TransactionClient): Promise<void> {
  await tx.jobQueueTick.update({ where: { id: 1 }, data: { count: { increment: 1 } } })
}

/** Wakes up to twice `count` waiting polls (some may not match the new jobs' tags). */
export function signalJobsQueued(count = 1): void {
  const s = state()
  s.local++
  let budget = Math.max(1, count * 2)
  for (const wake of s.waiters) {
    if (budget-- <= 0) break
    wake()
  }
}

/**
 * An opaque value that changes whenever jobs became pending: the tick's version as of this
 * process's last change check, the same in every process; where no check runs (a process without
 * the stamp check), this process's own count.
 */
export const queueVersion = (): string => {
  const tick = tableVersion('JobQueueTick')
  return tick === undefined ? `local-${String(state().local)}` : tick
}

/** `queueVersion()` after a change check: what a poll that waited in an idle process compares. */
export async function freshQueueVersion(): Promise<string> {
  await syncChanges()
  return queueVersion()
}

/** Resolves when woken by a signal (true) or after `ms` (false), whichever comes first. */
export function waitForQueued(ms: number): Promise<boolean> {
  const { waiters } = state()
  return new Promise((resolve) => {
    const finish = (signalled: boolean) => {
      clearTimeout(timer)
      waiters.delete(wake)
      resolve(signalled)
    }
    const wake = () => finish(true)
    const timer = setTimeout(() => finish(false), ms)
    waiters.add(wake)
  })
}

/** How many polls of this process are waiting for a job right now (tests wait for one to be parked). */
export const waitingPolls = () => state().waiters.size
