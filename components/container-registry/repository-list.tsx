'use client'
// Project → Container registry: the project's image repositories in the console's table. The root
// image has an empty name, so the path names each row; Delete is offered only on repositories the
// API presented with a delete_api_path (GitLab shows it to those who may destroy them).
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { useMemo } from 'react'
import type { RepositoryJson } from '@/lib/container-registry/schema'
import type { PageInfo } from '@/lib/console/pagination'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ConfirmButton } from '@/components/ui/confirm'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { RepositoryStatusBadge } from './repository-status-badge'

function columnsFor(projectId: number, basePath: string): ColumnDef<RepositoryJson>[] {
  return [
    {
      header: 'Image',
      id: 'path',
      cell: ({ row }) => (
        <>
          <Link href={`${basePath}/${row.original.id}`} data-testid={`registry-repo-link-${row.original.id}`}>
            {row.original.path}
          </Link>
          <RepositoryStatusBadge status={row.original.status} />
        </>
      ),
      meta: { className: 'wrap' },
    },
    {
      header: 'Tags',
      id: 'tags',
      cell: ({ row }) => <span data-testid="registry-repo-tags-count">{row.original.tags_count ?? '—'}</span>,
    },
    { header: 'Created', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
    {
      header: '',
      id: 'actions',
      cell: ({ row }) =>
        row.original.delete_api_path && !row.original.status ? (
          <ConfirmButton
            endpoint={endpoints.containerRegistry.remove}
            params={{ id: projectId, repository_id: row.original.id }}
            label="Delete"
            pendingLabel="Deleting…"
            question={`Delete ${row.original.path} and all its tags?`}
            ariaLabel={`Delete ${row.original.path}`}
            testId={`registry-repo-delete-${row.original.id}`}
            done={`Deletion of ${row.original.path} scheduled.`}
          />
        ) : null,
    },
  ]
}

export function RepositoryList({
  projectId,
  repositories,
  basePath,
  pageInfo,
}: {
  projectId: number
  repositories: RepositoryJson[]
  basePath: string
  pageInfo: PageInfo
}) {
  const columns = useMemo(() => columnsFor(projectId, basePath), [projectId, basePath])
  return (
    <DataTable
      data={repositories}
      columns={columns}
      getRowId={(r) => String(r.id)}
      testId="registry-repositories"
      rowAttributes={(r) => ({ 'data-testid': `registry-repo-${r.id}`, 'data-path': r.path })}
      emptyMessage="No images yet."
      pager={{ info: pageInfo, pathname: basePath }}
    />
  )
}
