'use client'
// A runner's managers (one per machine / system_id) in the console's table.
import type { ColumnDef } from '@tanstack/react-table'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { Badge } from '../ui/badge'
import { RelativeTime } from '../ui/relative-time'
import { DataTable } from '../ui/table'
import { StatusBadge } from './status-badge'

type Manager = BodyOf<typeof endpoints.runner.managers>[number]

const COLUMNS: ColumnDef<Manager>[] = [
  {
    header: 'System ID',
    id: 'system_id',
    meta: { className: 'wrap' },
    cell: ({ row }) => <code>{row.original.system_id}</code>,
  },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row: { original: m } }) => (
      <>
        <StatusBadge status={m.status} /> {m.job_execution_status === 'active' ? <Badge>running a job</Badge> : null}
      </>
    ),
  },
  { header: 'Version', id: 'version', cell: ({ row }) => row.original.version ?? '—' },
  {
    header: 'Platform',
    id: 'platform',
    cell: ({ row: { original: m } }) => (m.platform ? `${m.platform}/${m.architecture ?? '?'}` : '—'),
  },
  { header: 'IP address', id: 'ip', cell: ({ row }) => row.original.ip_address ?? '—' },
  { header: 'Last contact', id: 'contacted', cell: ({ row }) => <RelativeTime iso={row.original.contacted_at} /> },
]

export function RunnerManagersTable({ managers }: { managers: Manager[] }) {
  return <DataTable data={managers} columns={COLUMNS} getRowId={(m) => String(m.id)} testId="managers-table" />
}
