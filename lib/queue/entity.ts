// A queued task as the API shows it (Admin → Background tasks, and the progress of a domain's own task).
import type { QueuedTask } from '../db'
import type { QueuedTaskJson, TaskProgress } from './schema'
import { isoOrNull as iso, isoTime } from '../api/time'

// Only checkpoint() writes the column, with a TaskProgress.
const progressOf = (s: string | null) => {
  try {
    return s ? (JSON.parse(s) as TaskProgress) : null
  } catch {
    return null
  }
}

export const taskEntity = (t: QueuedTask): QueuedTaskJson => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  concurrency_key: t.concurrencyKey,
  attempts: t.attempts,
  max_attempts: t.maxAttempts,
  progress: progressOf(t.progress),
  last_error: t.lastError,
  run_at: isoTime(t.runAt),
  created_at: isoTime(t.createdAt),
  started_at: iso(t.startedAt),
  finished_at: iso(t.finishedAt),
})
