import type { RepositoryJson } from '@/lib/container-registry/schema'

const LABELS: Record<NonNullable<RepositoryJson['status']>, { text: string; className: string }> = {
  delete_scheduled: { text: 'Deletion scheduled', className: 'badge badge-warn' },
  delete_ongoing: { text: 'Deleting', className: 'badge badge-warn' },
  delete_failed: { text: 'Deletion failed', className: 'badge badge-bad' },
}

/** A repository on its way out (its deletion runs on the queue). */
export function RepositoryStatusBadge({ status }: { status: RepositoryJson['status'] }) {
  if (!status) return null
  const { text, className } = LABELS[status]
  return (
    <span className={className} data-testid="registry-repo-status" data-status={status}>
      {text}
    </span>
  )
}
