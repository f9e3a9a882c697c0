'use client'
import type { ColumnDef } from '@tanstack/react-table'
import type { PersonalAccessToken } from '../api-types'
import { DataTable, type DataTableProps } from '../data-table'
import { formatDate, formatDateTime } from '../format'
import { RevokeTokenButton } from './revoke-token-button'

function status(t: PersonalAccessToken) {
  if (t.revoked) return 'revoked'
  return t.active ? 'active' : 'expired'
}

const columns: ColumnDef<PersonalAccessToken, unknown>[] = [
  {
    header: 'Token name',
    accessorKey: 'name',
    cell: ({ row }) => (
      <div>
        <span className="strong" data-testid="token-name">
          {row.original.name}
        </span>
        {row.original.description ? <div className="muted small">{row.original.description}</div> : null}
      </div>
    ),
  },
  { header: 'Scopes', accessorKey: 'scopes', cell: ({ row }) => <span data-testid="token-scopes-cell">{row.original.scopes.join(', ')}</span> },
  { header: 'Created', accessorKey: 'created_at', meta: { className: 'nowrap' }, cell: ({ getValue }) => formatDate(getValue() as string | null) },
  { header: 'Last used', accessorKey: 'last_used_at', meta: { className: 'nowrap' }, cell: ({ getValue }) => (getValue() ? formatDateTime(getValue() as string) : 'Never') },
  { header: 'Expires', accessorKey: 'expires_at', meta: { className: 'nowrap' }, cell: ({ getValue }) => (getValue() ? formatDate(getValue() as string) : 'Never') },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row }) => (
      <span className={`badge badge-${status(row.original)}`} data-testid="token-status">
        {status(row.original)}
      </span>
    ),
  },
  {
    header: '',
    id: 'actions',
    cell: ({ row }) => (row.original.active ? <RevokeTokenButton id={row.original.id} name={row.original.name} /> : null),
  },
]

export function TokenTable(props: Omit<DataTableProps<PersonalAccessToken>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return <DataTable {...props} columns={columns} getRowId={(t) => String(t.id)} rowTestId="token-row" testId="token-table" />
}
