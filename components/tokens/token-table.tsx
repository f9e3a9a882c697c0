'use client'
import type { ColumnDef } from '@tanstack/react-table'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { Badge, RelativeTime } from '@/components/ui'
import type { SourceRef } from '@/lib/console/source'
import { levelName } from '@/lib/auth/access-levels'
import { RevokeTokenButton } from './revoke-token-button'

function status(t: Row) {
  if (t.revoked) return 'revoked'
  return t.active ? 'active' : 'expired'
}

type Row = BodyOf<typeof endpoints.token.list>[number] & { access_level?: number | null }

/** `source`: whose access tokens these are (none: the user's personal tokens); `showRole` adds the bot's role (group/project tokens). */
function columnsFor(source: SourceRef | undefined, showRole: boolean): ColumnDef<Row>[] {
  return [
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
    ...(showRole
      ? [
          {
            header: 'Role',
            accessorKey: 'access_level',
            cell: ({ getValue }) => levelName(Number(getValue())),
          } satisfies ColumnDef<Row>,
        ]
      : []),
    {
      header: 'Scopes',
      accessorKey: 'scopes',
      cell: ({ row }) => <span data-testid="token-scopes-cell">{row.original.scopes.join(', ')}</span>,
    },
    {
      header: 'Created',
      accessorKey: 'created_at',
      meta: { className: 'nowrap' },
      cell: ({ getValue }) => <RelativeTime iso={getValue() as string | null} />,
    },
    {
      header: 'Last used',
      accessorKey: 'last_used_at',
      meta: { className: 'nowrap' },
      cell: ({ getValue }) => (getValue() ? <RelativeTime iso={getValue() as string} /> : 'Never'),
    },
    // A day, not an instant: the token stops working at the start of it (UTC).
    {
      header: 'Expires',
      accessorKey: 'expires_at',
      meta: { className: 'nowrap' },
      cell: ({ row, getValue }) =>
        getValue() ? (
          <RelativeTime iso={getValue() as string} mode="both" testId={`token-${row.original.id}-expires`} />
        ) : (
          'Never'
        ),
    },
    {
      header: 'Status',
      id: 'status',
      cell: ({ row }) => (
        <Badge className={`badge-${status(row.original)}`} testId="token-status">
          {status(row.original)}
        </Badge>
      ),
    },
    {
      header: '',
      id: 'actions',
      cell: ({ row }) =>
        row.original.active ? (
          <RevokeTokenButton source={source} tokenId={row.original.id} name={row.original.name} />
        ) : null,
    },
  ]
}

type TokenTableProps = Omit<DataTableProps<Row>, 'columns' | 'getRowId' | 'rowTestId'> & {
  source?: SourceRef
  showRole?: boolean
}

export function TokenTable({ source, showRole = false, ...props }: TokenTableProps) {
  return (
    <DataTable
      {...props}
      columns={columnsFor(source, showRole)}
      getRowId={(t) => String(t.id)}
      rowTestId="token-row"
      testId="token-table"
    />
  )
}
