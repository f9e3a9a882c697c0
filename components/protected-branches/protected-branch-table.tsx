'use client'
// The rules of a project in the console's DataTable; each row carries data-name (the rule's name or
// wildcard) so a rule can be found by name.
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTable } from '@/components/ui/table'
import { AccessList } from './access-list'
import { ForcePushToggle } from './force-push-toggle'
import type { ProtectedBranch } from './types'
import { UnprotectButton } from './unprotect-button'

function columnsFor(projectId: number, canManage: boolean): ColumnDef<ProtectedBranch>[] {
  const columns: ColumnDef<ProtectedBranch>[] = [
    {
      header: 'Branch',
      accessorKey: 'name',
      cell: ({ row }) => <code data-testid="protected-branch-name">{row.original.name}</code>,
    },
    {
      header: 'Allowed to merge',
      id: 'merge',
      cell: ({ row }) => <AccessList entries={row.original.merge_access_levels} testId="merge-access" />,
    },
    {
      header: 'Allowed to push and merge',
      id: 'push',
      cell: ({ row }) => <AccessList entries={row.original.push_access_levels} testId="push-access" />,
    },
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
  if (canManage)
    columns.push({
      header: '',
      id: 'actions',
      cell: ({ row }) => <UnprotectButton projectId={projectId} name={row.original.name} />,
    })
  return columns
}

export function ProtectedBranchTable({
  projectId,
  rules,
  canManage,
}: {
  projectId: number
  rules: ProtectedBranch[]
  canManage: boolean
}) {
  const columns = useMemo(() => columnsFor(projectId, canManage), [projectId, canManage])
  return (
    <DataTable
      data={rules}
      columns={columns}
      getRowId={(r) => String(r.id)}
      testId="protected-branches-table"
      rowTestId="protected-branch-row"
      rowAttributes={(r) => ({ 'data-name': r.name })}
      emptyMessage="No branches are protected."
    />
  )
}
