// "Jobs became pending" within this process: waiting runner polls (POST /jobs/request long-poll)
// wake at once instead of at their next database re-check. Other processes' jobs are found by
// that re-check; the signal only shortens the wait.
import { EventEmitter } from 'node:events'

const g = globalThis as { __jobQueue?: { emitter: EventEmitter; version: number } }
const state = () => {
  if (!g.__jobQueue) {
    const emitter = new EventEmitter()
    emitter.setMaxListeners(0)
    g.__jobQueue = { emitter, version: Date.now() }
  }
  return g.__jobQueue
}

export function signalJobsQueued(): void {
  const s = state()
  s.version++
  s.emitter.emit('queued')
}

/** An opaque value that changes whenever this process queued jobs (X-GitLab-Last-Update). */
export const queueVersion = () => String(state().version)

/** Resolves on the next signal or after `ms`, whichever comes first. */
export function waitForQueued(ms: number, abort?: AbortSignal): Promise<void> {
  const { emitter } = state()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      emitter.off('queued', done)
      abort?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    emitter.once('queued', done)
    abort?.addEventListener('abort', done)
  })
}
