'use client'
// The groups and projects of one migration: status, source, destination (a link once imported),
// what each relation brought (imported / at the source) and the failures.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { StatusBadge } from '@/components/ci/status-badge'
import { DataTable } from '@/components/ui'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { MIGRATION_TONE } from './tone'

type Entity = ItemOf<typeof endpoints.bulkImport.entities>

const columns: ColumnDef<Entity>[] = [
  {
    header: 'Status',
    id: 'status',
    meta: { className: 'nowrap' },
    cell: ({ row: { original: e } }) => (
      <>
        <StatusBadge status={MIGRATION_TONE[e.status] ?? e.status} /> <span className="small muted">{e.status}</span>
      </>
    ),
  },
  {
    header: 'Source',
    id: 'source',
    meta: { className: 'wrap' },
    cell: ({ row: { original: e } }) => `${e.entity_type} ${e.source_full_path}`,
  },
  {
    header: 'Destination',
    id: 'destination',
    meta: { className: 'wrap' },
    cell: ({ row: { original: e } }) =>
      e.status === 'finished' ? (
        <Link href={`/${e.entity_type === 'group' ? 'groups' : 'projects'}/${e.destination_full_path}`}>
          {e.destination_full_path}
        </Link>
      ) : (
        e.destination_full_path
      ),
  },
  {
    header: 'Relations (imported / source)',
    id: 'stats',
    meta: { className: 'small' },
    cell: ({ row: { original: e } }) =>
      Object.entries(e.stats)
        .map(([r, s]) => `${r} ${s.imported}/${s.source}`)
        .join(', ') || '—',
  },
  {
    header: 'Failures',
    id: 'failures',
    meta: { className: 'small' },
    cell: ({ row: { original: e } }) =>
      e.failures.length ? e.failures.map((f) => `${f.relation}: ${f.exception_message}`).join('; ') : '—',
  },
]

export function MigrationEntitiesTable({ entities }: { entities: Entity[] }) {
  return (
    <DataTable
      data={entities}
      columns={columns}
      getRowId={(e) => String(e.id)}
      rowTestId="migration-entity"
      testId="migration-entities"
      emptyMessage="No groups or projects yet."
    />
  )
}
