// Under load V8 grows the heap to what 50 concurrent requests leave behind (measured: 270 MB used at
// the peak, under 100 MB live after a collection) and keeps it until pressure returns. One full
// collection once a busy process has had a whole quiet interval gives that memory back; it never
// runs while requests keep coming, so it costs no request anything.
import { collectGarbage } from '../util/process-state'

export interface IdleCollector {
  /** Called per request: cheap (a counter). */
  touch(): void
  stop(): void
}

export function collectWhenIdle(intervalMs = 1000, collect: () => void = collectGarbage): IdleCollector {
  let requests = 0
  let seen = 0
  let busy = false
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests
      busy = true
    } else if (busy) {
      busy = false
      collect()
    }
  }, intervalMs)
  timer.unref()
  return {
    touch: () => {
      requests++
    },
    stop: () => clearInterval(timer),
  }
}
