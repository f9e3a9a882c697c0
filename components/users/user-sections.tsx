'use client'
// A user's SSH keys (delete), identities (delete by provider) and memberships, on their Admin →
// Users page. The page loads each list through the API; these only render and act.
import type { ColumnDef } from '@tanstack/react-table'
import { ConfirmButton } from '@/components/ui/confirm'
import { RelativeTime } from '@/components/ui/relative-time'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { levelName } from '@/lib/auth/access-levels'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { MembershipJson } from '@/lib/members/schema'
import type { SshKeyJson } from '@/lib/ssh-keys/schema'
import type { IdentityJson } from '@/lib/users/schema'

type Paged<T> = Pick<DataTableProps<T>, 'pager'>

export function UserKeysTable({ userId, data, pager }: { userId: number; data: SshKeyJson[] } & Paged<SshKeyJson>) {
  const columns: ColumnDef<SshKeyJson>[] = [
    {
      header: 'Title',
      accessorKey: 'title',
      cell: ({ getValue }) => <span className="strong">{getValue() as string}</span>,
    },
    { header: 'Usage', accessorKey: 'usage_type' },
    {
      header: 'Created',
      accessorKey: 'created_at',
      meta: { className: 'nowrap' },
      cell: ({ getValue }) => <RelativeTime iso={getValue() as string} />,
    },
    {
      header: 'Expires',
      accessorKey: 'expires_at',
      meta: { className: 'nowrap' },
      cell: ({ getValue }) => (getValue() ? <RelativeTime iso={getValue() as string} mode="both" /> : 'Never'),
    },
    {
      header: '',
      id: 'actions',
      cell: ({ row }) => (
        <ConfirmButton
          endpoint={endpoints.sshKey.removeForUser}
          params={{ id: userId, key_id: row.original.id }}
          label="Delete"
          pendingLabel="Deleting…"
          question={`Delete the SSH key “${row.original.title}”? It can no longer be used to sign in to Git.`}
          ariaLabel={`Delete SSH key ${row.original.title}`}
          testId={`delete-key-${row.original.id}`}
          done="SSH key deleted."
          size="small"
        />
      ),
    },
  ]
  return (
    <DataTable
      data={data}
      columns={columns}
      pager={pager}
      getRowId={(k) => String(k.id)}
      rowTestId="user-key-row"
      testId="user-keys-table"
      emptyMessage="No SSH keys."
    />
  )
}

export function UserIdentitiesTable({ userId, data }: { userId: number; data: IdentityJson[] }) {
  const columns: ColumnDef<IdentityJson>[] = [
    { header: 'Provider', accessorKey: 'provider' },
    { header: 'Identifier', accessorKey: 'extern_uid', cell: ({ getValue }) => <code>{getValue() as string}</code> },
    {
      header: 'Group (SAML)',
      accessorKey: 'saml_provider_id',
      cell: ({ getValue }) => (getValue() === null ? '—' : `#${String(getValue())}`),
    },
    {
      header: '',
      id: 'actions',
      cell: ({ row }) => (
        <ConfirmButton
          endpoint={endpoints.user.removeIdentity}
          params={{ id: userId, provider: row.original.provider }}
          label="Delete"
          pendingLabel="Deleting…"
          question={`Delete the ${row.original.provider} identity ${row.original.extern_uid}? The user signs in through that provider as a new identity next time.`}
          ariaLabel={`Delete identity ${row.original.extern_uid}`}
          testId={`delete-identity-${row.index}`}
          done="Identity deleted."
          size="small"
        />
      ),
    },
  ]
  return (
    <DataTable
      data={data}
      columns={columns}
      getRowId={(i) => `${i.provider}:${i.extern_uid}`}
      rowTestId="user-identity-row"
      testId="user-identities-table"
      emptyMessage="No identities: the user signs in with a password only."
    />
  )
}

const membershipColumns: ColumnDef<MembershipJson>[] = [
  {
    header: 'Source',
    accessorKey: 'source_name',
    cell: ({ getValue }) => <span className="strong">{getValue() as string}</span>,
  },
  {
    header: 'Type',
    accessorKey: 'source_type',
    cell: ({ getValue }) => (getValue() === 'Namespace' ? 'Group' : 'Project'),
  },
  { header: 'Role', accessorKey: 'access_level', cell: ({ getValue }) => levelName(getValue() as number) },
]

export function UserMembershipsTable({ data, pager }: { data: MembershipJson[] } & Paged<MembershipJson>) {
  return (
    <DataTable
      data={data}
      columns={membershipColumns}
      pager={pager}
      getRowId={(m) => `${m.source_type}:${m.source_id}`}
      rowTestId="user-membership-row"
      testId="user-memberships-table"
      emptyMessage="Not a member of any group or project."
    />
  )
}
