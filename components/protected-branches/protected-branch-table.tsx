'use client'
// The rules of a project. Built on @tanstack/react-table like components/data-table.tsx, but with
// its own rows: each row carries data-name (the rule's name or wildcard) so a rule can be found by
// name, which DataTable's rows (data-row-id only) cannot express.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { AccessList } from './access-list'
import { ForcePushToggle } from './force-push-toggle'
import type { ProtectedBranch } from './types'
import { UnprotectButton } from './unprotect-button'

function columnsFor(projectId: number, canManage: boolean): ColumnDef<ProtectedBranch, unknown>[] {
  const columns: ColumnDef<ProtectedBranch, unknown>[] = [
    { header: 'Branch', accessorKey: 'name', cell: ({ row }) => <code data-testid="protected-branch-name">{row.original.name}</code> },
    { header: 'Allowed to merge', id: 'merge', cell: ({ row }) => <AccessList entries={row.original.merge_access_levels} testId="merge-access" /> },
    { header: 'Allowed to push and merge', id: 'push', cell: ({ row }) => <AccessList entries={row.original.push_access_levels} testId="push-access" /> },
    {
      header: 'Allowed to force push',
      id: 'force',
      cell: ({ row }) =>
        canManage ? (
          <ForcePushToggle projectId={projectId} name={row.original.name} value={row.original.allow_force_push} />
        ) : (
          <span data-testid="force-push-value">{row.original.allow_force_push ? 'Yes' : 'No'}</span>
        ),
    },
  ]
  if (canManage) columns.push({ header: '', id: 'actions', cell: ({ row }) => <UnprotectButton projectId={projectId} name={row.original.name} /> })
  return columns
}

export function ProtectedBranchTable({ projectId, rules, canManage }: { projectId: number; rules: ProtectedBranch[]; canManage: boolean }) {
  const columns = useMemo(() => columnsFor(projectId, canManage), [projectId, canManage])
  const table = useReactTable({ data: rules, columns, getRowId: (r) => String(r.id), getCoreRowModel: getCoreRowModel() })
  return (
    <div className="data-table" data-testid="protected-branches-table">
      <div className="table-scroll">
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th key={h.id} scope="col">
                    {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid="protected-branch-row" data-name={row.original.name} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
            {rules.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="empty-row" data-testid="table-empty">
                  No branches are protected.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
