'use client'
import type { ColumnDef } from '@tanstack/react-table'
import { DataTable, type DataTableProps } from '../data-table'
import { formatDate } from '../format'

// TODO(response): the branches list is not declared yet; the fields the console reads, by hand.
export interface Branch {
  name: string
  default: boolean
  protected: boolean
  merged: boolean
  web_url?: string
  commit?: { id: string; short_id: string; title: string; committed_date?: string; author_name?: string } | null
}

const columns: ColumnDef<Branch>[] = [
  {
    header: 'Branch',
    accessorKey: 'name',
    cell: ({ row }) => (
      <span>
        <code>{row.original.name}</code>
        {row.original.default && <span className="badge">default</span>}
        {row.original.protected && <span className="badge badge-warn">protected</span>}
        {row.original.merged && <span className="badge">merged</span>}
      </span>
    ),
  },
  {
    header: 'Last commit',
    id: 'commit',
    cell: ({ row }) => {
      const c = row.original.commit
      return c ? (
        <span>
          <code>{c.short_id}</code> {c.title}
        </span>
      ) : (
        '—'
      )
    },
  },
  { header: 'Committed', id: 'committed', meta: { className: 'nowrap' }, cell: ({ row }) => formatDate(row.original.commit?.committed_date) },
]

export function BranchTable(props: Omit<DataTableProps<Branch>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return <DataTable {...props} columns={columns} getRowId={(b) => b.name} rowTestId="branch-row" emptyMessage={props.emptyMessage ?? 'No branches.'} />
}
