'use client'
import type { ColumnDef } from '@tanstack/react-table'
import { levelName } from '@/lib/auth/access-levels'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { Badge } from '@/components/ui'
import { formatDate } from '../format'

export type Member = BodyOf<typeof endpoints.member.project.list>[number]

const columns: ColumnDef<Member>[] = [
  {
    header: 'Member',
    accessorKey: 'username',
    cell: ({ row }) => (
      <span>
        {row.original.name} <span className="muted">@{row.original.username}</span>
        {row.original.state !== 'active' && <Badge className="badge-warn">{row.original.state}</Badge>}
      </span>
    ),
  },
  { header: 'Role', accessorKey: 'access_level', cell: ({ getValue }) => levelName(Number(getValue())) },
  {
    header: 'Expires',
    accessorKey: 'expires_at',
    meta: { className: 'nowrap' },
    cell: ({ getValue }) => formatDate(getValue() as string | null),
  },
]

export function MemberTable(props: Omit<DataTableProps<Member>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(m) => String(m.id)}
      rowTestId="member-row"
      emptyMessage={props.emptyMessage ?? 'No members.'}
    />
  )
}
