'use client'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { ConfirmButton } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/table'

export type FeatureFlagRow = ItemOf<typeof endpoints.feature.list>

const STATE_TONE: Record<FeatureFlagRow['state'], BadgeTone> = { on: 'ok', conditional: 'warn', off: 'muted' }

/** A flag with its actors: flipper ids (`User:1`) and what a reader knows them by (`@alice`). */
type Row = FeatureFlagRow & { actors: { id: string; label: string }[] }

const actorsOf = (flag: FeatureFlagRow): string[] => flag.gates.flatMap((g) => (g.key === 'actors' ? g.value : []))

// The columns never change (the rows carry the labels), so a refresh keeps the cells mounted: an
// open delete dialog survives it.
const COLUMNS: ColumnDef<Row>[] = [
  {
    header: 'Name',
    accessorKey: 'name',
    meta: { className: 'wrap' },
    cell: ({ row }) => (
      <>
        <code data-testid="feature-flag-row-name">{row.original.name}</code>
        {row.original.definition && (
          <div className="muted small">
            {row.original.definition.type} · {row.original.definition.group ?? 'no group'} · default{' '}
            {row.original.definition.default_enabled ? 'on' : 'off'}
          </div>
        )}
      </>
    ),
  },
  {
    header: 'State',
    accessorKey: 'state',
    cell: ({ row }) => (
      <Badge tone={STATE_TONE[row.original.state]} testId="feature-flag-state">
        {row.original.state}
      </Badge>
    ),
  },
  {
    header: 'Enabled for',
    id: 'actors',
    meta: { className: 'wrap' },
    cell: ({ row }) => {
      const { actors } = row.original
      if (row.original.state === 'on') return 'Everyone'
      if (!actors.length) return <span className="muted">Nobody</span>
      return (
        <ul className="plain-list" data-testid="feature-flag-actors">
          {actors.map((a) => (
            <li key={a.id}>
              {a.label} <span className="muted small">({a.id})</span>
            </li>
          ))}
        </ul>
      )
    },
  },
  {
    header: '',
    id: 'actions',
    cell: ({ row }) => (
      <ConfirmButton
        endpoint={endpoints.feature.remove}
        params={{ name: row.original.name }}
        label="Delete"
        pendingLabel="Deleting…"
        question={`Delete ${row.original.name} and all its gates?`}
        ariaLabel={`Delete feature flag ${row.original.name}`}
        testId="delete-feature-flag"
        done={`Feature flag ${row.original.name} deleted.`}
      />
    ),
  },
]

/** `labels` maps flipper ids (`User:1`) to what a reader knows them by (`@alice`). */
export function FeatureFlagsTable({
  data,
  labels,
}: {
  data: FeatureFlagRow[]
  labels: Readonly<Record<string, string>>
}) {
  const rows = useMemo(
    () => data.map((f) => ({ ...f, actors: actorsOf(f).map((id) => ({ id, label: labels[id] ?? id })) })),
    [data, labels],
  )
  return (
    <DataTable
      data={rows}
      columns={COLUMNS}
      getRowId={(f) => f.name}
      rowTestId="feature-flag-row"
      testId="feature-flags-table"
      emptyMessage="No feature flag is set: every flag is off."
    />
  )
}
