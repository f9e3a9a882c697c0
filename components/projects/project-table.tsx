'use client'
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { consolePath } from '@/lib/console/paths'
import type { SharedWithGroup } from '../members/share-with-group'
import { DataTable, type DataTableProps } from '../data-table'
import { formatDate } from '../format'
import { VisibilityBadge } from '../visibility-badge'

// TODO(response): GET /projects and /projects/:id are not declared yet; the fields the console reads, by hand.
export type Visibility = 'private' | 'internal' | 'public'

export interface Namespace {
  id: number
  name: string
  path: string
  kind: string
  full_path: string
  parent_id?: number | null
  web_url?: string
}

export interface Project {
  id: number
  name: string
  path: string
  name_with_namespace: string
  path_with_namespace: string
  description: string | null
  visibility: Visibility
  default_branch?: string | null
  created_at?: string
  last_activity_at: string | null
  web_url: string
  http_url_to_repo?: string
  archived?: boolean
  namespace: Namespace
  /** Full entity only: groups the project is shared with. */
  shared_with_groups?: SharedWithGroup[]
}

const columns: ColumnDef<Project>[] = [
  {
    header: 'Project',
    accessorKey: 'name_with_namespace',
    cell: ({ row }) => (
      <div>
        <Link href={consolePath('projects', row.original.path_with_namespace)} className="strong" data-testid="project-link">
          {row.original.name_with_namespace}
        </Link>
        {row.original.description ? <div className="muted small">{row.original.description}</div> : null}
      </div>
    ),
  },
  { header: 'Visibility', accessorKey: 'visibility', cell: ({ getValue }) => <VisibilityBadge visibility={String(getValue())} /> },
  { header: 'Last activity', accessorKey: 'last_activity_at', meta: { className: 'nowrap' }, cell: ({ getValue }) => formatDate(getValue() as string | null) },
]

export function ProjectTable(props: Omit<DataTableProps<Project>, 'columns' | 'getRowId' | 'rowTestId'>) {
  return <DataTable {...props} columns={columns} getRowId={(p) => String(p.id)} rowTestId="project-row" emptyMessage={props.emptyMessage ?? 'No projects found.'} />
}
