'use client'
// Member approvals in the console's table: Approve / Deny on pending ones, the reviewer on the rest.
import type { ColumnDef } from '@tanstack/react-table'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { levelName } from '@/lib/auth/access-levels'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ReviewButtons } from './review-buttons'

type Approval = ItemOf<typeof endpoints.memberApproval.list>

const COLUMNS: ColumnDef<Approval>[] = [
  {
    header: 'User',
    id: 'user',
    meta: { className: 'wrap' },
    cell: ({ row: { original: a } }) => (a.user ? `${a.user.name} (@${a.user.username})` : '—'),
  },
  {
    header: 'Source',
    id: 'source',
    meta: { className: 'wrap' },
    cell: ({ row: { original: a } }) => `${a.source_type} ${a.source_full_path ?? a.source_id}`,
  },
  {
    header: 'Role',
    id: 'role',
    cell: ({ row: { original: a } }) => `${levelName(a.access_level)}${a.expires_at ? ` until ${a.expires_at}` : ''}`,
  },
  { header: 'Requested by', id: 'requested_by', cell: ({ row }) => row.original.requested_by?.username ?? '—' },
  { header: 'Requested', id: 'created', cell: ({ row }) => <RelativeTime iso={row.original.created_at} /> },
]
const REVIEW: ColumnDef<Approval> = {
  header: 'Review',
  id: 'review',
  cell: ({ row }) => <ReviewButtons id={row.original.id} />,
}
const REVIEWER: ColumnDef<Approval> = {
  header: 'Reviewed by',
  id: 'reviewed_by',
  cell: ({ row }) => row.original.reviewed_by?.username ?? '—',
}

export function ApprovalsTable({ approvals, pending }: { approvals: Approval[]; pending: boolean }) {
  return (
    <DataTable
      data={approvals}
      columns={[...COLUMNS, pending ? REVIEW : REVIEWER]}
      getRowId={(a) => String(a.id)}
      rowAttributes={(a) => ({ 'data-testid': `approval-${a.id}` })}
      testId="approvals-table"
    />
  )
}
