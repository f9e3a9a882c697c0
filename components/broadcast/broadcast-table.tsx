'use client'
// The broadcast messages in the console's table. Six columns fit the card at 1280 px: long
// messages and paths wrap, type and theme share a cell, roles and path share "Target".
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { useMemo } from 'react'
import { levelName } from '@/lib/auth/access-levels'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { statusOf } from '@/lib/broadcast-messages/rules'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { DeleteBroadcastButton } from './delete-broadcast-button'

type Status = ReturnType<typeof statusOf>
type Row = BroadcastMessageEntity & { status: Status }

const STATUS_TONE: Record<Status, BadgeTone> = { scheduled: 'warn', active: 'ok', expired: 'muted' }

// The columns never change (each row carries its status), so a refresh keeps the cells mounted: an
// open delete dialog survives it.
const COLUMNS: ColumnDef<Row>[] = [
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
    cell: ({ row: { original: m } }) => (
      <Badge tone={STATUS_TONE[m.status]} testId="broadcast-status">
        {m.status}
      </Badge>
    ),
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
          <RelativeTime iso={m.starts_at} mode="both" testId={`broadcast-${m.id}-starts`} />
        </div>
        <div>
          <RelativeTime iso={m.ends_at} mode="both" testId={`broadcast-${m.id}-ends`} />
        </div>
      </>
    ),
  },
  {
    header: '',
    id: 'actions',
    cell: ({ row }) => (
      <div className="actions">
        <Link
          className={buttonClass()}
          href={`/admin/broadcast_messages/${row.original.id}/edit`}
          data-testid="edit-broadcast-link"
        >
          Edit
        </Link>
        <DeleteBroadcastButton id={row.original.id} />
      </div>
    ),
  },
]

/** `now` comes from the server render so the status does not flip between server and browser. */
export function BroadcastTable({
  now,
  data,
  ...props
}: Omit<DataTableProps<BroadcastMessageEntity>, 'columns' | 'getRowId' | 'rowTestId'> & { now: string }) {
  const rows = useMemo(
    () => data.map((m) => ({ ...m, status: statusOf(m.starts_at, m.ends_at, new Date(now)) })),
    [data, now],
  )
  return (
    <DataTable
      {...props}
      data={rows}
      columns={COLUMNS}
      getRowId={(m) => String(m.id)}
      rowTestId="broadcast-row"
      testId="broadcast-table"
    />
  )
}
