'use client'
// The project's container tag protection rules; Edit opens the rule's form above the table.
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { TagRuleJson } from '@/lib/registry-protection/schema'
import { Button } from '@/components/ui/button'
import { ConfirmButton } from '@/components/ui/confirm'
import { DataTable } from '@/components/ui/table'
import { TagRuleForm } from './tag-rule-form'
import { TAG_RULE_LEVEL_LABELS } from './tag-rule-levels'

const levelText = (l: TagRuleJson['minimum_access_level_for_push']) =>
  l ? TAG_RULE_LEVEL_LABELS[l] : 'Nobody (immutable)'

function columnsFor(projectId: number, edit: (rule: TagRuleJson) => void): ColumnDef<TagRuleJson>[] {
  return [
    {
      header: 'Tag name pattern',
      id: 'pattern',
      cell: ({ row }) => <code data-testid="tag-rule-pattern">{row.original.tag_name_pattern}</code>,
      meta: { className: 'wrap' },
    },
    {
      header: 'Minimum role to push',
      id: 'push',
      cell: ({ row }) => (
        <span data-testid="tag-rule-push-level">{levelText(row.original.minimum_access_level_for_push)}</span>
      ),
    },
    {
      header: 'Minimum role to delete',
      id: 'delete',
      cell: ({ row }) => (
        <span data-testid="tag-rule-delete-level">{levelText(row.original.minimum_access_level_for_delete)}</span>
      ),
    },
    {
      header: '',
      id: 'actions',
      cell: ({ row }) => (
        <div className="actions">
          <Button onClick={() => edit(row.original)} data-testid={`tag-rule-edit-${row.original.id}`}>
            Edit
          </Button>
          <ConfirmButton
            endpoint={endpoints.registryTagRule.remove}
            params={{ id: projectId, protection_rule_id: row.original.id }}
            label="Delete"
            pendingLabel="Deleting…"
            question={`Delete the rule ${row.original.tag_name_pattern}?`}
            ariaLabel={`Delete the rule ${row.original.tag_name_pattern}`}
            testId={`tag-rule-delete-${row.original.id}`}
            done={`Rule ${row.original.tag_name_pattern} deleted.`}
          />
        </div>
      ),
    },
  ]
}

export function TagRuleTable({ projectId, rules }: { projectId: number; rules: TagRuleJson[] }) {
  const [editing, setEditing] = useState<TagRuleJson | null>(null)
  const columns = useMemo(() => columnsFor(projectId, setEditing), [projectId])
  return (
    <>
      {editing && <TagRuleForm key={editing.id} projectId={projectId} rule={editing} onDone={() => setEditing(null)} />}
      <DataTable
        data={rules}
        columns={columns}
        getRowId={(r) => String(r.id)}
        testId="tag-rules-table"
        rowAttributes={(r) => ({ 'data-testid': `tag-rule-${r.id}`, 'data-pattern': r.tag_name_pattern })}
        emptyMessage="No tags are protected."
      />
    </>
  )
}
