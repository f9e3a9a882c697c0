'use client'
// The dry run's answer: every tag with what the cleanup would do to it and why, and the counts.
import type { ColumnDef } from '@tanstack/react-table'
import type { BodyOf } from '@/lib/api/endpoint'
import type { CleanupDecisionJson } from '@/lib/container-registry/schema'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { CLEANUP_REASONS } from './cleanup-reasons'

export type CleanupPreviewJson = BodyOf<typeof endpoints.containerRegistry.cleanupPreview>

const columns: ColumnDef<CleanupDecisionJson>[] = [
  { header: 'Tag', id: 'name', cell: ({ row }) => <code>{row.original.name}</code>, meta: { className: 'wrap' } },
  {
    header: 'Decision',
    id: 'decision',
    cell: ({ row }) => (
      <span
        className={row.original.delete ? 'badge badge-status badge-bad' : 'badge badge-status badge-ok'}
        data-testid={`cleanup-decision-${row.original.name}`}
        data-decision={row.original.delete ? 'delete' : 'keep'}
      >
        {row.original.delete ? 'Will be deleted' : 'Kept'}
      </span>
    ),
  },
  {
    header: 'Reason',
    id: 'reason',
    cell: ({ row }) => (
      <span data-testid="cleanup-reason" data-reason={row.original.reason}>
        {CLEANUP_REASONS[row.original.reason]}
      </span>
    ),
    meta: { className: 'wrap' },
  },
  { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
]

export function CleanupPreview({ preview }: { preview: CleanupPreviewJson }) {
  return (
    <div data-testid="cleanup-preview">
      <p data-testid="cleanup-preview-summary">
        <strong data-testid="cleanup-delete-count">{preview.delete_count}</strong> of{' '}
        <strong data-testid="cleanup-tags-count">{preview.tags_count}</strong>{' '}
        {preview.tags_count === 1 ? 'tag' : 'tags'} would be deleted.{' '}
        <span className="muted">
          One cleanup considers at most <span data-testid="cleanup-max-list-size">{preview.max_list_size}</span>{' '}
          matching tags; run it again for the rest.
        </span>
      </p>
      <DataTable
        data={preview.decisions}
        columns={columns}
        getRowId={(d) => d.name}
        testId="cleanup-preview-table"
        rowTestId="cleanup-preview-row"
        rowAttributes={(d) => ({ 'data-name': d.name })}
        emptyMessage="This image has no tags."
      />
    </div>
  )
}
