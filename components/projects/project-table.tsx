'use client'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { consolePath } from '@/lib/console/paths'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { endpoints } from '@/lib/console/generated/endpoint-refs'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { RelativeTime } from '@/components/ui'
import { VisibilityBadge } from '../visibility-badge'

/** A row of GET /projects and GET /groups/:id/projects, as the endpoints declare it. */
export type Project = ItemOf<typeof endpoints.project.list>

const columns: ColumnDef<Project>[] = [
  {
    header: 'Project',
    accessorKey: 'name_with_namespace',
    cell: ({ row }) => (
      <div>
        <Link
          href={consolePath('projects', row.original.path_with_namespace)}
          className="strong"
          data-testid="project-link"
        >
          {row.original.name_with_namespace}
        </Link>
        {row.original.description ? <div className="muted small">{row.original.description}</div> : null}
      </div>
    ),
  },
  {
    header: 'Visibility',
    accessorKey: 'visibility',
    cell: ({ getValue }) => <VisibilityBadge visibility={String(getValue())} />,
  },
  {
    header: 'Last activity',
    accessorKey: 'last_activity_at',
    meta: { className: 'nowrap' },
    cell: ({ getValue }) => <RelativeTime iso={getValue() as string | null} />,
  },
]

export function ProjectTable(props: Omit<DataTableProps<Project>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return (
    <DataTable
      {...props}
      columns={columns}
      getRowId={(p) => String(p.id)}
      rowTestId="project-row"
      emptyMessage={props.emptyMessage ?? 'No projects found.'}
    />
  )
}
