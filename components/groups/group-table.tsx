'use client'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { consolePath } from '@/lib/console/paths'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { VisibilityBadge } from '../visibility-badge'

/** A group as GET /groups and the subgroup list declare it. */
export type Group = BodyOf<typeof endpoints.group.list>[number]

const columns: ColumnDef<Group>[] = [
  {
    header: 'Group',
    accessorKey: 'full_name',
    cell: ({ row }) => (
      <div>
        <Link href={consolePath('groups', row.original.full_path)} className="strong" data-testid="group-link">
          {row.original.full_name}
        </Link>
        <div className="muted small">{row.original.full_path}</div>
        {row.original.description ? <div className="muted small">{row.original.description}</div> : null}
      </div>
    ),
  },
  {
    header: 'Visibility',
    accessorKey: 'visibility',
    cell: ({ getValue }) => <VisibilityBadge visibility={String(getValue())} />,
  },
]

export function GroupTable(props: Omit<DataTableProps<Group>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(g) => String(g.id)}
      rowTestId="group-row"
      emptyMessage={props.emptyMessage ?? 'No groups found.'}
    />
  )
}
