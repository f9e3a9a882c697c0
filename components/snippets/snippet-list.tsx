'use client'
// Project → Snippets: the project's snippets (newest first, as the API lists them) in the console's table.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { PageInfo } from '@/lib/console/pagination'
import type { SnippetJson } from '@/lib/snippets/types'
import { DataTable } from '@/components/ui/table'
import { RelativeTime } from '@/components/ui'
import { VisibilityBadge } from '../visibility-badge'

export function SnippetList({
  snippets,
  basePath,
  pageInfo,
}: {
  snippets: SnippetJson[]
  basePath: string
  pageInfo: PageInfo
}) {
  const columns: ColumnDef<SnippetJson>[] = [
    {
      header: 'Title',
      cell: ({ row }) => (
        <Link href={`${basePath}/${row.original.id}`} data-testid="snippet-link">
          {row.original.title}
        </Link>
      ),
    },
    {
      header: 'Files',
      cell: ({ row }) => <span className="mono small">{row.original.files.map((f) => f.path).join(', ')}</span>,
    },
    { header: 'Visibility', cell: ({ row }) => <VisibilityBadge visibility={row.original.visibility} /> },
    { header: 'Author', cell: ({ row }) => row.original.author.name },
    {
      header: 'Updated',
      meta: { className: 'nowrap' },
      cell: ({ row }) => <RelativeTime iso={row.original.updated_at} />,
    },
  ]
  return (
    <DataTable
      data={snippets}
      columns={columns}
      getRowId={(s) => String(s.id)}
      rowTestId="snippet-row"
      rowAttributes={(s) => ({ 'data-title': s.title })}
      testId="snippets-table"
      emptyMessage="No snippets yet."
      pager={{ info: pageInfo, pathname: basePath }}
    />
  )
}
