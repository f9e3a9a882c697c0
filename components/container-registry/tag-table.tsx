'use client'
// One repository's tags with their details (revision, size, creation), each detail read by the
// page on the server. Delete is shown to Developers and above; a protected tag's 403 comes back as
// the API's message beside the button.
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { TagDetailJson } from '@/lib/container-registry/schema'
import type { PageInfo } from '@/lib/console/pagination'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ConfirmButton } from '@/components/ui/confirm'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { formatBytes } from '../format'

/** A tag of the list, with its details when the registry answered for it. */
export interface TagRow {
  name: string
  location: string
  detail: TagDetailJson | null
}

function columnsFor(projectId: number, repositoryId: number, canDelete: boolean): ColumnDef<TagRow>[] {
  const columns: ColumnDef<TagRow>[] = [
    {
      header: 'Tag',
      id: 'name',
      cell: ({ row }) => <code data-testid="registry-tag-name">{row.original.name}</code>,
      meta: { className: 'wrap' },
    },
    {
      header: 'Revision',
      id: 'revision',
      cell: ({ row }) => (
        <code className="small" title={row.original.detail?.digest ?? undefined} data-testid="registry-tag-revision">
          {row.original.detail?.short_revision ?? '—'}
        </code>
      ),
    },
    {
      header: 'Size',
      id: 'size',
      cell: ({ row }) => <span data-testid="registry-tag-size">{formatBytes(row.original.detail?.total_size)}</span>,
    },
    { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.detail?.created_at} /> },
  ]
  if (canDelete)
    columns.push({
      header: '',
      id: 'actions',
      cell: ({ row }) => (
        <ConfirmButton
          endpoint={endpoints.containerRegistry.removeTag}
          params={{ id: projectId, repository_id: repositoryId, tag_name: row.original.name }}
          label="Delete"
          pendingLabel="Deleting…"
          question={`Delete tag ${row.original.name}?`}
          ariaLabel={`Delete tag ${row.original.name}`}
          testId={`registry-tag-delete-${row.original.name}`}
          done={`Tag ${row.original.name} deleted.`}
        />
      ),
    })
  return columns
}

export function TagTable({
  projectId,
  repositoryId,
  tags,
  canDelete,
  pathname,
  pageInfo,
}: {
  projectId: number
  repositoryId: number
  tags: TagRow[]
  canDelete: boolean
  pathname: string
  pageInfo: PageInfo
}) {
  const columns = useMemo(() => columnsFor(projectId, repositoryId, canDelete), [projectId, repositoryId, canDelete])
  return (
    <DataTable
      data={tags}
      columns={columns}
      getRowId={(t) => t.name}
      testId="registry-tags"
      rowAttributes={(t) => ({ 'data-testid': `registry-tag-${t.name}`, 'data-name': t.name })}
      emptyMessage="This image has no tags."
      pager={{ info: pageInfo, pathname }}
    />
  )
}
