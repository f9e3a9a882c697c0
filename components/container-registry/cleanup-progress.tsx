// A bulk deletion on the queue as it goes: its status, `done of total` and the job's message.
import type { QueuedTaskJson } from '@/lib/queue/schema'

export const TERMINAL_STATUSES: readonly string[] = ['succeeded', 'failed', 'canceled']

const tone = (status: string) =>
  status === 'succeeded'
    ? 'alert alert-success'
    : TERMINAL_STATUSES.includes(status)
      ? 'alert alert-error'
      : 'alert alert-info'

export function CleanupProgress({ task }: { task: QueuedTaskJson }) {
  const { done, total, message } = task.progress ?? {}
  const finished = TERMINAL_STATUSES.includes(task.status)
  return (
    <div className={tone(task.status)} role="status" data-testid="cleanup-progress" data-status={task.status}>
      {finished ? (
        <strong data-testid="cleanup-done" data-status={task.status}>
          Cleanup {task.status}
        </strong>
      ) : (
        <strong>{task.status === 'pending' ? 'Cleanup queued…' : 'Cleanup running…'}</strong>
      )}
      {total !== undefined && (
        <div data-testid="cleanup-progress-count">
          {done ?? 0} of {total} tags deleted
        </div>
      )}
      {message && (
        <div className="small" data-testid="cleanup-progress-message">
          {message}
        </div>
      )}
      {task.last_error && (
        <div className="field-error" data-testid="cleanup-progress-error">
          {task.last_error}
        </div>
      )}
    </div>
  )
}
