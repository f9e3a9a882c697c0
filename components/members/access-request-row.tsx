'use client'
// One pending access request: approve with a role (Developer preselected, as GitLab) or deny.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useRef } from 'react'
import { Button, ConfirmButton, useToast } from '@/components/ui'
import { levelName } from '@/lib/auth/access-levels'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { ItemOf } from '@/lib/console/endpoint-call'
import type { SourceRef } from '@/lib/console/source'
import { formatDate } from '../format'
import { RoleSelect } from './role-select'

/** A pending request as GET /groups|projects/:id/access_requests declares it. */
export type AccessRequester = ItemOf<typeof endpoints.accessRequest.group.list>

export function AccessRequestRow({ source, request: r }: { source: SourceRef; request: AccessRequester }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const role = useRef<HTMLSelectElement>(null)
  const approve = useMutation({
    mutationFn: (level: number) =>
      api.quiet(endpoints.accessRequest[source.kind].approve, { id: source.id, user_id: r.id, access_level: level }),
    onSuccess: (_data, level) => {
      toast.success(`@${r.username} joined as ${levelName(level)}.`)
      router.refresh()
    },
  })
  return (
    <tr data-testid="access-request-row" data-username={r.username}>
      <td>
        {r.name} <span className="muted">@{r.username}</span>
      </td>
      <td>
        <RoleSelect
          ref={role}
          aria-label={`Role for ${r.username}`}
          defaultValue={30}
          data-testid="access-request-role-select"
        />
      </td>
      <td>{formatDate(r.requested_at)}</td>
      <td>
        <div className="actions">
          <Button
            variant="primary"
            pending={approve.isPending}
            pendingLabel="Approving…"
            onClick={() => approve.mutate(Number(role.current?.value ?? 30))}
            data-testid="approve-access-request-button"
          >
            Approve
          </Button>
          <ConfirmButton
            endpoint={endpoints.accessRequest[source.kind].remove}
            params={{ id: source.id, user_id: r.id }}
            label="Deny"
            pendingLabel="Denying…"
            question={`Deny @${r.username}'s request?`}
            ariaLabel={`Deny access request of ${r.username}`}
            testId="deny-access-request"
            done={`@${r.username}'s request denied.`}
          />
        </div>
        {approve.error && (
          <div className="field-error" role="alert" data-testid="access-request-error">
            {approve.error.message}
          </div>
        )}
      </td>
    </tr>
  )
}
