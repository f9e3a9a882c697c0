'use client'
// Members → "Invite a group" of a project or group (GitLab's share with group): a group by full path or id,
// the highest role its members get here, and an optional expiry; the groups already shared are
// listed with a remove button.
import { useMutation } from '@tanstack/react-query'
import type { BodyOf } from '@/lib/api/endpoint'
import { useRouter } from 'next/navigation'
import { levelName } from '@/lib/auth/access-levels'
import { formText } from '@/lib/util/form'
import { ConfirmButton } from '@/components/ui/confirm'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { Field } from '../form/field'
import { formatDate } from '../format'
import { RoleAndExpiryFields, roleAndExpiry } from './role-and-expiry-fields'
import { Button, Input } from '@/components/ui'

/** A group the source is shared with, as the group and project details list them. */
export type SharedWithGroup = NonNullable<BodyOf<typeof endpoints.project.show>['shared_with_groups']>[number]

export function ShareWithGroup({ source, shared }: { source: SourceRef; shared: SharedWithGroup[] }) {
  const shares = source.kind === 'group' ? endpoints.groupShare : endpoints.projectShare
  const api = useApi()
  const router = useRouter()
  // Uncontrolled fields read at submit time: text typed before hydration is kept.
  const share = useMutation({
    mutationFn: async ({ group, level, expires }: { group: string; level: number; expires: string; form: HTMLFormElement }) => {
      const ref = group.trim()
      if (!ref) throw new Error('Enter the group’s full path or id')
      // The share API takes an id; a path is looked up first (404 when the caller cannot see it).
      const id = /^\d+$/.test(ref) ? Number(ref) : (await api(endpoints.group.show, { id: ref, with_projects: false })).id
      return api(shares.create, { id: source.id, group_id: id, group_access: level, ...(expires ? { expires_at: expires } : {}) })
    },
    onSuccess: (_data, { form }) => {
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
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Field label="Group (full path or id)" htmlFor="share-group">
            <Input id="share-group" name="group" autoComplete="off" data-testid="share-group-input" />
          </Field>
          <RoleAndExpiryFields prefix="share" roleLabel="Maximum role" />
        </div>
        <Button type="submit" variant="primary" pending={share.isPending} pendingLabel="Sharing…" data-testid="share-submit">
          Invite group
        </Button>
        {share.error && (
          <div className="field-error" role="alert" data-testid="share-error">
            {share.error.message}
          </div>
        )}
      </form>
      {shared.length === 0 ? (
        <p className="muted" data-testid="shares-empty">
          Not shared with any group.
        </p>
      ) : (
        <table className="table" data-testid="shares-table">
          <thead>
            <tr>
              <th>Group</th>
              <th>Maximum role</th>
              <th>Expires</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
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
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
