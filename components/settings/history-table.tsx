'use client'
import type { ColumnDef } from '@tanstack/react-table'
import type { PagerProps } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'

export interface HistoryRow {
  id: number
  at: string
  user: { username: string; name: string } | null
  changes: { key: string; from: unknown; to: unknown }[]
}

const MAX_VALUE = 120
function show(v: unknown): string {
  const s = v === undefined ? '—' : JSON.stringify(v)
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s
}

const columns: ColumnDef<HistoryRow>[] = [
  { header: 'When', accessorKey: 'at', meta: { className: 'nowrap' }, cell: (c) => <RelativeTime iso={c.row.original.at} /> },
  {
    header: 'Who',
    id: 'user',
    cell: (c) => {
      const u = c.row.original.user
      return u ? <span title={u.name}>@{u.username}</span> : <span className="muted">system</span>
    },
  },
  {
    header: 'Changes',
    id: 'changes',
    meta: { className: 'wrap' },
    cell: (c) => (
      <ul className="history-changes">
        {c.row.original.changes.map((ch) => (
          <li key={ch.key} data-key={ch.key}>
            <code>{ch.key}</code>: <span className="history-old">{show(ch.from)}</span> → <span className="history-new">{show(ch.to)}</span>
          </li>
        ))}
      </ul>
    ),
  },
]

export function SettingsHistoryTable({ data, pager }: { data: HistoryRow[]; pager: PagerProps }) {
  return (
    <DataTable
      data={data}
      columns={columns}
      getRowId={(r) => String(r.id)}
      testId="settings-history-table"
      rowTestId="settings-history-row"
      emptyMessage="No setting has been changed yet."
      pager={pager}
    />
  )
}
