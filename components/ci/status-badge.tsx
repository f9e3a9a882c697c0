const TONE: Record<string, string> = {
  online: 'ok',
  success: 'ok',
  passed: 'ok',
  active: 'ok',
  running: 'info',
  pending: 'warn',
  created: 'muted',
  manual: 'info',
  preparing: 'warn',
  offline: 'muted',
  never_contacted: 'muted',
  paused: 'warn',
  stale: 'bad',
  failed: 'bad',
  canceled: 'muted',
  skipped: 'muted',
}

/** A pipeline, job or runner status as a coloured badge. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`badge badge-status badge-${TONE[status] ?? 'muted'}`} data-testid={testId} data-status={status}>
      {status.replace(/_/g, ' ')}
    </span>
  )
}
