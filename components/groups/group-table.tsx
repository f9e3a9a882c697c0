'use client'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { consolePath } from '@/lib/console/paths'
import type { BodyOf } from '@/lib/api/endpoint'
import type { endpoints } from '@/lib/console/endpoint-refs'
import type { SharedWithGroup } from '../members/share-with-group'
import { DataTable, type DataTableProps } from '../data-table'
import { VisibilityBadge } from '../visibility-badge'

/** A group as lists show it; the detail adds what only GET /groups/:id has (TODO(response): not declared yet). */
export type Group = BodyOf<typeof endpoints.group.list>[number] & { request_access_enabled?: boolean; shared_with_groups?: SharedWithGroup[] }

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
  { header: 'Visibility', accessorKey: 'visibility', cell: ({ getValue }) => <VisibilityBadge visibility={String(getValue())} /> },
]

export function GroupTable(props: Omit<DataTableProps<Group>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return <DataTable {...props} columns={columns} getRowId={(g) => String(g.id)} rowTestId="group-row" emptyMessage={props.emptyMessage ?? 'No groups found.'} />
}
