'use client'
import type { ColumnDef } from '@tanstack/react-table'
import type { PagerProps } from '@/components/ui/pager'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable } from '@/components/ui/table'
import { SETTINGS_BY_KEY } from '@/lib/settings/definitions'
import { choiceName } from './setting-choices'

export interface HistoryRow {
  id: number
  at: string
  user: { username: string; name: string } | null
  changes: { key: string; from: unknown; to: unknown }[]
}

const MAX_VALUE = 120
/** A stored value as JSON, an enumerated one by its name as the form shows it ("Developers + Maintainers (2)"). */
function show(key: string, v: unknown): string {
  const def = SETTINGS_BY_KEY.get(key)
  const named = (x: unknown) =>
    typeof x === 'string' || typeof x === 'number' ? `${choiceName(def!, x)} (${JSON.stringify(x)})` : JSON.stringify(x)
  const s =
    v === undefined
      ? '—'
      : def?.enum
        ? Array.isArray(v)
          ? `[${v.map(named).join(', ')}]`
          : v === null
            ? 'null'
            : named(v)
        : JSON.stringify(v)
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s
}

const columns: ColumnDef<HistoryRow>[] = [
  {
    header: 'When',
    accessorKey: 'at',
    meta: { className: 'nowrap' },
    cell: (c) => <RelativeTime iso={c.row.original.at} />,
  },
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
            <code>{ch.key}</code>: <span className="history-old">{show(ch.key, ch.from)}</span> →{' '}
            <span className="history-new">{show(ch.key, ch.to)}</span>
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
