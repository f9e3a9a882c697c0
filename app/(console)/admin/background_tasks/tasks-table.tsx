'use client'
// The queue's tasks in the console's table, with Cancel on those not yet finished.
import type { ColumnDef } from '@tanstack/react-table'
import { ApiActionButton } from '@/components/ci/pipeline-actions'
import { StatusBadge } from '@/components/ci/status-badge'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { QueuedTaskJson } from '@/lib/queue/schema'

const COLUMNS: ColumnDef<QueuedTaskJson>[] = [
  { header: 'Status', id: 'status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    header: 'Task',
    id: 'task',
    meta: { className: 'wrap' },
    cell: ({ row: { original: t } }) => (
      <>
        #{t.id} <code>{t.kind}</code>
        {t.last_error ? <div className="field-error">{t.last_error}</div> : null}
      </>
    ),
  },
  {
    header: 'Progress',
    id: 'progress',
    cell: ({ row: { original: t } }) =>
      t.progress?.total ? `${t.progress.done ?? 0} / ${t.progress.total}` : (t.progress?.message ?? '—'),
  },
  { header: 'Attempts', id: 'attempts', cell: ({ row: { original: t } }) => `${t.attempts} / ${t.max_attempts}` },
  { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
  { header: 'Finished', id: 'finished', cell: ({ row }) => <RelativeTime iso={row.original.finished_at} /> },
  {
    header: 'Actions',
    id: 'actions',
    cell: ({ row: { original: t } }) =>
      t.status === 'pending' || t.status === 'running' ? (
        <ApiActionButton
          endpoint={endpoints.queue.cancel}
          params={{ id: t.id }}
          label="Cancel"
          pendingLabel="Canceling…"
          done={`Task #${t.id} canceled.`}
          testId={`cancel-task-${t.id}`}
          danger
        />
      ) : null,
  },
]

export function TasksTable({ tasks }: { tasks: QueuedTaskJson[] }) {
  return (
    <DataTable
      data={tasks}
      columns={COLUMNS}
      getRowId={(t) => String(t.id)}
      rowAttributes={(t) => ({ 'data-testid': `task-${t.id}` })}
      testId="tasks-table"
    />
  )
}
