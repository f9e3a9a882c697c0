'use client'
// The source groups of a direct transfer, each with its own destination (namespace and slug) to
// edit in place. The cells are stable components reading their row's state from the row, so an
// input keeps its focus while the user types.
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, type Dispatch, type SetStateAction } from 'react'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { Badge, Checkbox, DataTable, Input, Select } from '../ui'

export interface Destination {
  selected: boolean
  namespace: string
  slug: string
}

type SourceGroup = BodyOf<typeof endpoints.bulkImport.sourceGroups>['groups'][number]
type Row = SourceGroup & { destination: Destination | undefined }
type Update = (path: string, patch: Partial<Destination>) => void

function columnsFor(namespaces: string[], update: Update): ColumnDef<Row>[] {
  const options = [['', '(a top-level group)'] as const, ...namespaces.map((n) => [n, n] as const)]
  return [
    {
      header: 'Migrate',
      id: 'select',
      cell: ({ row: { original: g } }) => (
        <Checkbox
          checked={!!g.destination?.selected}
          onChange={(e) => update(g.full_path, { selected: e.target.checked })}
          aria-label={`Migrate ${g.full_path}`}
          data-testid={`migrate-select-${g.full_path}`}
        />
      ),
    },
    {
      header: 'Source group',
      id: 'source',
      meta: { className: 'wrap' },
      cell: ({ row: { original: g } }) => (
        <>
          {g.full_path} <Badge className={`badge-${g.visibility}`}>{g.visibility}</Badge>
        </>
      ),
    },
    {
      header: 'Destination group',
      id: 'namespace',
      cell: ({ row: { original: g } }) => (
        <Select
          value={g.destination?.namespace ?? ''}
          options={options}
          onChange={(e) => update(g.full_path, { namespace: e.target.value })}
          aria-label={`Destination group of ${g.full_path}`}
          data-testid={`migrate-namespace-${g.full_path}`}
        />
      ),
    },
    {
      header: 'New path',
      id: 'slug',
      cell: ({ row: { original: g } }) => (
        <Input
          value={g.destination?.slug ?? ''}
          onChange={(e) => update(g.full_path, { slug: e.target.value })}
          aria-label={`New path of ${g.full_path}`}
          data-testid={`migrate-slug-${g.full_path}`}
        />
      ),
    },
  ]
}

export function MigrateGroupsTable({
  groups,
  rows,
  namespaces,
  onChange,
}: {
  groups: SourceGroup[]
  rows: Record<string, Destination>
  namespaces: string[]
  onChange: Dispatch<SetStateAction<Record<string, Destination>>>
}) {
  const key = namespaces.join('\n')
  // Rebuilt only when the namespaces change (never while typing): each cell function is a component to react-table.
  const columns = useMemo(
    () =>
      columnsFor(key ? key.split('\n') : [], (path, patch) =>
        onChange((all) => {
          const row = all[path]
          return row ? { ...all, [path]: { ...row, ...patch } } : all
        }),
      ),
    [key, onChange],
  )
  const data = groups.map((g) => ({ ...g, destination: rows[g.full_path] }))
  return (
    <DataTable
      data={data}
      columns={columns}
      getRowId={(g) => g.full_path}
      rowTestId="migrate-group-row"
      testId="migrate-groups-table"
    />
  )
}
