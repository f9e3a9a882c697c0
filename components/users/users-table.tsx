'use client'
// Admin → Users: one page of users (server-side search, filters, sorting and pagination).
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { RelativeTime } from '@/components/ui/relative-time'
import type { UserWithAdminJson } from '@/lib/users/schema'
import { UserBadges } from './user-badges'

const columns: ColumnDef<UserWithAdminJson>[] = [
  {
    header: 'Name',
    accessorKey: 'name',
    meta: { sortKey: 'name', alwaysVisible: true },
    cell: ({ row }) => (
      <div>
        <Link href={`/admin/users/${row.original.id}`} className="strong" data-testid="user-link">
          {row.original.name}
        </Link>{' '}
        <UserBadges user={row.original} />
        <div className="muted small">@{row.original.username}</div>
      </div>
    ),
  },
  {
    header: 'Email',
    accessorKey: 'email',
    cell: ({ getValue }) => <span data-testid="user-email">{getValue() as string}</span>,
  },
  { header: 'Projects limit', accessorKey: 'projects_limit', meta: { className: 'nowrap' } },
  {
    header: 'Created',
    accessorKey: 'created_at',
    meta: { sortKey: 'created_at', className: 'nowrap' },
    cell: ({ getValue }) => <RelativeTime iso={getValue() as string} />,
  },
  {
    header: 'Last activity',
    accessorKey: 'last_activity_on',
    meta: { className: 'nowrap' },
    cell: ({ getValue }) => (getValue() as string | null) ?? <span className="muted">Never</span>,
  },
]

export function UsersTable(
  props: Omit<DataTableProps<UserWithAdminJson>, 'columns' | 'getRowId' | 'rowTestId' | 'testId'>,
) {
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(u) => String(u.id)}
      rowTestId="user-row"
      rowAttributes={(u) => ({ 'data-username': u.username })}
      testId="users-table"
      columnToggle
    />
  )
}
