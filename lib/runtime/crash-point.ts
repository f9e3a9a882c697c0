// Deterministic crashes for the tests that prove work survives kill -9 (a timer-driven kill from
// outside would land anywhere, or nowhere on a fast machine). TEST_CRASH_AT lists `point@attempt`
// entries, comma-separated: the process SIGKILLs itself when it reaches `point` on that attempt of
// its task, exactly as `kill -9` would (no finally, no exit handler, no flush). Only under
// NODE_ENV=test: a production process with a stray variable never kills itself.
import { config } from '../config'

/** Kills this process with SIGKILL when TEST_CRASH_AT names `point@attempt`. */
export function crashPoint(point: string, attempt: number): void {
  const wanted = config().testing.crashAt
  if (!wanted) return
  if (wanted.split(',').some((e) => e.trim() === `${point}@${attempt}`)) process.kill(process.pid, 'SIGKILL')
}
