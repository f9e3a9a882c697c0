'use client'
// Members → "Invite a group" of a project or group (GitLab's share with group): a group by full path or id,
// the highest role its members get here, and an optional expiry; the groups already shared are
// listed with a remove button.
import { useMutation } from '@tanstack/react-query'
import type { BodyOf } from '@/lib/api/endpoint'
import { useRouter } from 'next/navigation'
import { levelName } from '@/lib/auth/access-levels'
import { formText } from '@/lib/util/form'
import { Button, ConfirmButton, EmptyState, Field, Input, useToast } from '@/components/ui'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { formatDate } from '../format'
import { RoleAndExpiryFields, roleAndExpiry } from './role-and-expiry-fields'
import { RoleTable } from './role-table'

/** A group the source is shared with, as the group and project details list them. */
export type SharedWithGroup = NonNullable<BodyOf<typeof endpoints.project.show>['shared_with_groups']>[number]

export function ShareWithGroup({ source, shared }: { source: SourceRef; shared: SharedWithGroup[] }) {
  const shares = source.kind === 'group' ? endpoints.groupShare : endpoints.projectShare
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  // Uncontrolled fields read at submit time: text typed before hydration is kept.
  const share = useMutation({
    mutationFn: async ({
      group,
      level,
      expires,
    }: {
      group: string
      level: number
      expires: string
      form: HTMLFormElement
    }) => {
      const ref = group.trim()
      if (!ref) throw new Error('Enter the group’s full path or id')
      // The share API takes an id; a path is looked up first (404 when the caller cannot see it).
      const id = /^\d+$/.test(ref)
        ? Number(ref)
        : (await api(endpoints.group.show, { id: ref, with_projects: false })).id
      await api.quiet(shares.create, {
        id: source.id,
        group_id: id,
        group_access: level,
        ...(expires ? { expires_at: expires } : {}),
      })
      return ref
    },
    onSuccess: (group, { form, level }) => {
      toast.success(`Shared with ${group} (at most ${levelName(level)}).`)
      form.reset()
      router.refresh()
    },
  })
  return (
    <section className="card" data-testid="share-section">
      <h2>Groups with access</h2>
      <form
        noValidate
        data-testid="share-form"
        onSubmit={(e) => {
          e.preventDefault()
          const data = new FormData(e.currentTarget)
          share.mutate({ group: formText(data, 'group'), ...roleAndExpiry(data), form: e.currentTarget })
        }}
      >
        <div className="field-row">
          <Field label="Group (full path or id)" htmlFor="share-group">
            <Input id="share-group" name="group" autoComplete="off" data-testid="share-group-input" />
          </Field>
          <RoleAndExpiryFields prefix="share" roleLabel="Maximum role" />
        </div>
        <Button
          type="submit"
          variant="primary"
          pending={share.isPending}
          pendingLabel="Sharing…"
          data-testid="share-submit"
        >
          Invite group
        </Button>
        {share.error && (
          <div className="field-error" role="alert" data-testid="share-error">
            {share.error.message}
          </div>
        )}
      </form>
      {shared.length === 0 ? (
        <EmptyState title="Not shared with any group." testId="shares-empty" />
      ) : (
        <RoleTable
          testId="shares-table"
          label="Groups with access"
          headers={['Group', 'Maximum role', 'Expires', 'Actions']}
        >
          {shared.map((g) => (
            <tr key={g.group_id} data-testid="share-row" data-group={g.group_full_path}>
              <td>
                {g.group_name} <span className="muted">{g.group_full_path}</span>
              </td>
              <td>{levelName(g.group_access_level)}</td>
              <td>{formatDate(g.expires_at)}</td>
              <td>
                <ConfirmButton
                  endpoint={shares.remove}
                  params={{ id: source.id, group_id: g.group_id }}
                  label="Remove"
                  pendingLabel="Removing…"
                  question={`Stop sharing with ${g.group_full_path}?`}
                  ariaLabel={`Stop sharing with ${g.group_full_path}`}
                  testId="remove-share"
                  done={`No longer shared with ${g.group_full_path}.`}
                />
              </td>
            </tr>
          ))}
        </RoleTable>
      )}
    </section>
  )
}
