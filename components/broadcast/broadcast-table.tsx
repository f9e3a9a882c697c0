'use client'
// The broadcast messages in the console's table. Six columns fit the card at 1280 px: long
// messages and paths wrap, type and theme share a cell, roles and path share "Target".
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { levelName } from '@/lib/auth/access-levels'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { statusOf } from '@/lib/broadcast-messages/rules'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { DeleteBroadcastButton } from './delete-broadcast-button'

const STATUS_TONE: Record<ReturnType<typeof statusOf>, BadgeTone> = { scheduled: 'warn', active: 'ok', expired: 'muted' }

// `now` comes from the server render so the status does not flip between server and browser.
const columnsAt = (now: Date): ColumnDef<BroadcastMessageEntity>[] => [
  {
    header: 'Message',
    accessorKey: 'message',
    meta: { className: 'wrap' },
    cell: ({ row }) => (
      <span className="pre-wrap" data-testid="broadcast-row-message">
        {row.original.message}
      </span>
    ),
  },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row }) => {
      const s = statusOf(row.original.starts_at, row.original.ends_at, now)
      return (
        <Badge tone={STATUS_TONE[s]} testId="broadcast-status">
          {s}
        </Badge>
      )
    },
  },
  {
    header: 'Type',
    id: 'type',
    cell: ({ row: { original: m } }) => (
      <>
        <div>{m.broadcast_type}</div>
        {m.broadcast_type === 'banner' ? <div className="muted small">{m.theme}</div> : null}
      </>
    ),
  },
  {
    header: 'Target',
    id: 'target',
    meta: { className: 'wrap' },
    cell: ({ row: { original: m } }) => (
      <>
        <div>{m.target_access_levels.length ? m.target_access_levels.map(levelName).join(', ') : 'Everyone'}</div>
        <div className="muted small">{m.target_path ? <code>{m.target_path}</code> : 'Everywhere'}</div>
      </>
    ),
  },
  {
    header: 'Starts / ends',
    id: 'schedule',
    cell: ({ row: { original: m } }) => (
      <>
        <div>
          <RelativeTime iso={m.starts_at} />
        </div>
        <div className="muted">
          <RelativeTime iso={m.ends_at} />
        </div>
      </>
    ),
  },
  {
    header: '',
    id: 'actions',
    cell: ({ row }) => (
      <div className="actions">
        <Link className={buttonClass()} href={`/admin/broadcast_messages/${row.original.id}/edit`} data-testid="edit-broadcast-link">
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
