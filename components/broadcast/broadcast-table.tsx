'use client'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { levelName } from '@/lib/auth/access-levels'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { statusOf } from '@/lib/broadcast-messages/rules'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { formatDateTime } from '../format'
import { DeleteBroadcastButton } from './delete-broadcast-button'

const STATUS_BADGE = { scheduled: 'badge-warn', active: 'badge-active', expired: 'badge-revoked' } as const

// `now` comes from the server render so the status does not flip between server and browser.
const columnsAt = (now: Date): ColumnDef<BroadcastMessageEntity>[] => [
  { header: 'Message', accessorKey: 'message', cell: ({ row }) => <span data-testid="broadcast-row-message">{row.original.message}</span> },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row }) => {
      const s = statusOf(row.original.starts_at, row.original.ends_at, now)
      return (
        <span className={`badge ${STATUS_BADGE[s]}`} data-testid="broadcast-status">
          {s}
        </span>
      )
    },
  },
  { header: 'Type', accessorKey: 'broadcast_type' },
  { header: 'Theme', accessorKey: 'theme', cell: ({ row }) => (row.original.broadcast_type === 'banner' ? row.original.theme : '—') },
  {
    header: 'Target roles',
    id: 'roles',
    cell: ({ row }) => (row.original.target_access_levels.length ? row.original.target_access_levels.map(levelName).join(', ') : 'Everyone'),
  },
  { header: 'Target path', accessorKey: 'target_path', cell: ({ row }) => (row.original.target_path ? <code>{row.original.target_path}</code> : 'Everywhere') },
  {
    header: 'Starts / ends',
    id: 'schedule',
    meta: { className: 'nowrap' },
    cell: ({ row }) => (
      <>
        <div>{formatDateTime(row.original.starts_at)}</div>
        <div className="muted">{formatDateTime(row.original.ends_at)}</div>
      </>
    ),
  },
  {
    header: '',
    id: 'actions',
    cell: ({ row }) => (
      <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <Link className="btn" href={`/admin/broadcast_messages/${row.original.id}/edit`} data-testid="edit-broadcast-link">
          Edit
        </Link>
        <DeleteBroadcastButton id={row.original.id} />
      </div>
    ),
  },
]

export function BroadcastTable({ now, ...props }: Omit<DataTableProps<BroadcastMessageEntity>, 'columns' | 'getRowId' | 'rowTestId'> & { now: string }) {
  return <DataTable {...props} columns={columnsAt(new Date(now))} getRowId={(m) => String(m.id)} rowTestId="broadcast-row" testId="broadcast-table" />
}
