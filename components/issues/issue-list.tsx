'use client'
// Project → Issues: one page of the project's issues in the console's table (state, labels, dates).
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { PageInfo } from '@/lib/console/pagination'
import type { IssueJson } from '@/lib/issues/schema'
import { Badge } from '@/components/ui/badge'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { formatDate } from '../format'

export interface IssueListProps {
  issues: IssueJson[]
  basePath: string
  pageInfo: PageInfo
  /** Params the pager and the search keep (the state tab). */
  query: Record<string, string | undefined>
}

export function IssueList({ issues, basePath, pageInfo, query }: IssueListProps) {
  const columns: ColumnDef<IssueJson>[] = [
    {
      header: 'Title',
      meta: { className: 'wrap' },
      cell: ({ row }) => (
        <Link href={`${basePath}/${row.original.iid}`} data-testid="issue-link">
          {row.original.title}
        </Link>
      ),
    },
    { header: '#', cell: ({ row }) => <span className="mono small">{row.original.references.short}</span> },
    {
      header: 'State',
      cell: ({ row }) => (
        <Badge tone={row.original.state === 'opened' ? 'ok' : 'muted'}>
          {row.original.state === 'opened' ? 'Open' : 'Closed'}
          {row.original.confidential ? ' · confidential' : ''}
        </Badge>
      ),
    },
    { header: 'Labels', cell: ({ row }) => <span className="small">{row.original.labels.join(', ')}</span> },
    { header: 'Assignees', cell: ({ row }) => row.original.assignees.map((a) => a.name).join(', ') },
    { header: 'Due', cell: ({ row }) => (row.original.due_date ? formatDate(row.original.due_date) : '') },
    { header: 'Updated', cell: ({ row }) => <RelativeTime iso={row.original.updated_at} /> },
  ]
  return (
    <div data-testid="issues-list">
      <DataTable
        data={issues}
        columns={columns}
        getRowId={(i) => String(i.iid)}
        rowAttributes={(i) => ({ 'data-testid': `issue-row-${i.iid}`, 'data-title': i.title })}
        testId="issues-table"
        emptyMessage="No issues."
        search={{ pathname: basePath, value: query.search, placeholder: 'Search issues', keep: { state: query.state } }}
        pager={{ info: pageInfo, pathname: basePath, query }}
      />
    </div>
  )
}
