'use client'
// Runners in the console's table; the server wrapper (runners-table.tsx) loads each row's details
// and renders its links and actions.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { Badge } from '../ui/badge'
import { RelativeTime } from '../ui/relative-time'
import { DataTable } from '../ui/table'
import type { RunnerRow } from './runners-table'
import { StatusBadge } from './status-badge'

export type RunnerTableRow = RunnerRow & { href?: string; actions?: ReactNode }

const TYPE_LABEL: Record<string, string> = { instance_type: 'Instance', group_type: 'Group', project_type: 'Project' }

const COLUMNS: ColumnDef<RunnerTableRow>[] = [
  {
    header: 'Status',
    id: 'status',
    cell: ({ row: { original: r } }) => (
      <>
        <StatusBadge status={r.status} testId={`runner-${r.id}-status`} />
        {r.paused && r.status !== 'paused' ? <StatusBadge status="paused" testId={`runner-${r.id}-paused`} /> : null}
      </>
    ),
  },
  {
    header: 'Runner',
    id: 'runner',
    meta: { className: 'wrap' },
    cell: ({ row: { original: r } }) => (
      <>
        {r.href ? <Link href={r.href}>#{r.id}</Link> : `#${r.id}`}{' '}
        {r.description || <span className="muted">(no description)</span>}
        {r.locked ? <Badge>locked</Badge> : null}
      </>
    ),
  },
  { header: 'Type', id: 'type', cell: ({ row: { original: r } }) => TYPE_LABEL[r.runner_type] ?? r.runner_type },
  {
    header: 'Tags',
    id: 'tags',
    cell: ({ row: { original: r } }) => (
      <span className="tag-list">
        {r.tag_list?.length ? (
          r.tag_list.map((t) => <Badge key={t}>{t}</Badge>)
        ) : (
          <span className="muted">untagged</span>
        )}
      </span>
    ),
  },
  {
    header: 'Version',
    id: 'version',
    cell: ({ row: { original: r } }) => r.version ?? <span className="muted">—</span>,
  },
  {
    header: 'Last contact',
    id: 'contacted',
    cell: ({ row: { original: r } }) => <RelativeTime iso={r.contacted_at} testId={`runner-${r.id}-contacted`} />,
  },
  { header: 'Jobs', id: 'jobs', cell: ({ row: { original: r } }) => r.jobs ?? '—' },
]

const ACTIONS: ColumnDef<RunnerTableRow> = {
  header: 'Actions',
  id: 'actions',
  cell: ({ row: { original: r } }) => <div className="actions">{r.actions}</div>,
}

export function RunnersDataTable({ rows, withActions }: { rows: RunnerTableRow[]; withActions: boolean }) {
  return (
    <DataTable
      data={rows}
      columns={withActions ? [...COLUMNS, ACTIONS] : COLUMNS}
      getRowId={(r) => String(r.id)}
      rowAttributes={(r) => ({ 'data-testid': `runner-row-${r.id}` })}
      testId="runners-table"
      emptyMessage="No runners."
    />
  )
}
