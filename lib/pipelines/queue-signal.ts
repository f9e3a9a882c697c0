// "Jobs became pending" within this process: waiting runner polls (POST /jobs/request long-poll)
// wake at once instead of at their next database re-check. Only about as many waiters as there
// are new jobs are woken (oldest waiters first), so 200 idle runners do not all race for one job;
// the rest, and other processes' jobs, are found by the periodic re-check.
import { processState } from '../util/process-state'

const jobQueue = processState('pipelines.jobQueue', () => ({ version: Date.now(), waiters: new Set<() => void>() }))
const state = () => jobQueue

/** Wakes up to twice `count` waiting polls (some may not match the new jobs' tags). */
export function signalJobsQueued(count = 1): void {
  const s = state()
  s.version++
  let budget = Math.max(1, count * 2)
  for (const wake of s.waiters) {
    if (budget-- <= 0) break
    wake()
  }
}

/** An opaque value that changes whenever this process queued jobs (X-GitLab-Last-Update). */
export const queueVersion = () => String(state().version)

/** Resolves when woken by a signal or after `ms`, whichever comes first. */
export function waitForQueued(ms: number): Promise<void> {
  const { waiters } = state()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      waiters.delete(done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    waiters.add(done)
  })
}

/** How many polls of this process are waiting for a job right now (tests wait for one to be parked). */
export const waitingPolls = () => state().waiters.size
