'use client'
import type { ColumnDef } from '@tanstack/react-table'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { Badge, RelativeTime } from '@/components/ui'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'

/** A branch as GET /projects/:id/repository/branches declares it. */
export type Branch = ItemOf<typeof endpoints.repository.listBranches>

const columns: ColumnDef<Branch>[] = [
  {
    header: 'Branch',
    accessorKey: 'name',
    cell: ({ row }) => (
      <span>
        <code>{row.original.name}</code>
        {row.original.default && <Badge>default</Badge>}
        {row.original.protected && <Badge className="badge-warn">protected</Badge>}
        {row.original.merged && <Badge>merged</Badge>}
      </span>
    ),
  },
  {
    header: 'Last commit',
    id: 'commit',
    cell: ({ row }) => {
      const c = row.original.commit
      return (
        <span>
          <code>{c.short_id}</code> {c.title}
        </span>
      )
    },
  },
  {
    header: 'Committed',
    id: 'committed',
    meta: { className: 'nowrap' },
    cell: ({ row }) => <RelativeTime iso={row.original.commit.committed_date} />,
  },
]

export function BranchTable(props: Omit<DataTableProps<Branch>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(b) => b.name}
      rowTestId="branch-row"
      emptyMessage={props.emptyMessage ?? 'No branches.'}
    />
  )
}
