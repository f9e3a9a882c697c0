'use client'
// The group's SAML group links. A name linked under several providers is flagged: removing (or
// reading) one of them through the API needs its `provider`.
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Badge, ConfirmButton, DataTable } from '@/components/ui'
import { levelName } from '@/lib/auth/access-levels'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SamlGroupLink } from './form-schema'

type Row = SamlGroupLink & { shared: boolean }

/** The API path that removes exactly this link: a name shared across providers needs `provider` (empty = the any-provider link). */
function deleteParams(groupId: number, link: Row) {
  const base = { id: groupId, saml_group_name: link.name }
  return link.shared ? { ...base, provider: link.provider ?? '' } : base
}

function columnsFor(groupId: number): ColumnDef<Row>[] {
  return [
    {
      header: 'SAML group',
      id: 'name',
      cell: ({ row: { original: l } }) => (
        <>
          <code data-testid="saml-link-name">{l.name}</code>
          {l.shared && (
            <Badge
              className="badge-warn"
              testId="saml-link-ambiguous"
              title="Reading or deleting it through the API needs the provider parameter"
            >
              same name under several providers: deleting needs the provider
            </Badge>
          )}
        </>
      ),
    },
    {
      header: 'Provider',
      id: 'provider',
      cell: ({ row: { original: l } }) => (
        <span data-testid="saml-link-provider">{l.provider ?? <span className="muted">any</span>}</span>
      ),
    },
    {
      header: 'Role',
      id: 'role',
      cell: ({ row: { original: l } }) => <span data-testid="saml-link-role">{levelName(l.access_level)}</span>,
    },
    {
      header: '',
      id: 'actions',
      cell: ({ row: { original: l } }) => (
        <ConfirmButton
          endpoint={endpoints.saml.removeGroupLink}
          params={deleteParams(groupId, l)}
          label="Remove"
          pendingLabel="Removing…"
          question={`Remove the link for ${l.name}${l.provider ? ` (${l.provider})` : ''}?`}
          ariaLabel={`Remove SAML group link ${l.name}`}
          testId="remove-saml-link"
          done="SAML group link removed."
        />
      ),
    },
  ]
}

export function SamlGroupLinksTable({ groupId, links }: { groupId: number; links: SamlGroupLink[] }) {
  // Stable columns: react-table renders each cell function as a component, so a new one would remount the dialogs.
  const columns = useMemo(() => columnsFor(groupId), [groupId])
  const counts = new Map<string, number>()
  for (const l of links) counts.set(l.name, (counts.get(l.name) ?? 0) + 1)
  const rows = links.map((l) => ({ ...l, shared: (counts.get(l.name) ?? 0) > 1 }))
  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(l) => `${l.name}\u0000${l.provider ?? ''}`}
      rowTestId="saml-link-row"
      rowAttributes={(l) => ({ 'data-name': l.name, 'data-provider': l.provider ?? '' })}
      testId="saml-links-table"
    />
  )
}
