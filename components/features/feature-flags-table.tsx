'use client'
import type { ColumnDef } from '@tanstack/react-table'
import type { ItemOf } from '@/lib/console/endpoint-call'
import { endpoints } from '@/lib/console/endpoint-refs'
import { ConfirmButton } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/table'

export type FeatureFlagRow = ItemOf<typeof endpoints.feature.list>

const STATE_BADGE = { on: 'badge-active', conditional: 'badge-warn', off: 'badge-muted' } as const

const actorsOf = (flag: FeatureFlagRow): string[] => flag.gates.flatMap((g) => (g.key === 'actors' ? g.value : []))

/** `labels` maps flipper ids (`User:1`) to what a reader knows them by (`@alice`). */
const columnsWith = (labels: Readonly<Record<string, string>>): ColumnDef<FeatureFlagRow>[] => [
  {
    header: 'Name',
    accessorKey: 'name',
    cell: ({ row }) => (
      <>
        <code style={{ overflowWrap: 'anywhere' }} data-testid="feature-flag-row-name">
          {row.original.name}
        </code>
        {row.original.definition && (
          <div className="muted small">
            {row.original.definition.type} · {row.original.definition.group ?? 'no group'} · default {row.original.definition.default_enabled ? 'on' : 'off'}
          </div>
        )}
      </>
    ),
  },
  {
    header: 'State',
    accessorKey: 'state',
    cell: ({ row }) => (
      <span className={`badge ${STATE_BADGE[row.original.state]}`} data-testid="feature-flag-state">
        {row.original.state}
      </span>
    ),
  },
  {
    header: 'Enabled for',
    id: 'actors',
    cell: ({ row }) => {
      const actors = actorsOf(row.original)
      if (row.original.state === 'on') return 'Everyone'
      if (!actors.length) return <span className="muted">Nobody</span>
      return (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="feature-flag-actors">
          {actors.map((a) => (
            <li key={a} style={{ overflowWrap: 'anywhere' }}>
              {labels[a] ?? a} <span className="muted small">({a})</span>
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
      />
    ),
  },
]

export function FeatureFlagsTable({ data, labels }: { data: FeatureFlagRow[]; labels: Readonly<Record<string, string>> }) {
  return (
    <DataTable
      data={data}
      columns={columnsWith(labels)}
      getRowId={(f) => f.name}
      rowTestId="feature-flag-row"
      testId="feature-flags-table"
      emptyMessage="No feature flag is set: every flag is off."
    />
  )
}
