'use client'
// One pending access request: approve with a role (Developer preselected, as GitLab) or deny.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useRef } from 'react'
import { ConfirmDeleteButton } from '../confirm-delete-button'
import { useApi } from '../console-providers'
import { formatDate } from '../format'
import { RoleSelect } from './role-select'

export interface AccessRequester {
  id: number
  username: string
  name: string
  requested_at: string
}

export function AccessRequestRow({ sourcePath, request: r }: { sourcePath: string; request: AccessRequester }) {
  const api = useApi()
  const router = useRouter()
  const role = useRef<HTMLSelectElement>(null)
  const approve = useMutation({
    mutationFn: () => api('PUT', `${sourcePath}/access_requests/${r.id}/approve`, { json: { access_level: Number(role.current?.value ?? 30) } }),
    onSuccess: () => router.refresh(),
  })
  return (
    <tr data-testid="access-request-row" data-username={r.username}>
      <td>
        {r.name} <span className="muted">@{r.username}</span>
      </td>
      <td>
        <RoleSelect ref={role} aria-label={`Role for ${r.username}`} defaultValue={30} data-testid="access-request-role-select" />
      </td>
      <td>{formatDate(r.requested_at)}</td>
      <td>
        <div style={{ display: 'flex', gap: 8 }}>
          <button type="button" className="btn btn-primary" disabled={approve.isPending} onClick={() => approve.mutate()} data-testid="approve-access-request-button">
            Approve
          </button>
          <ConfirmDeleteButton
            path={`${sourcePath}/access_requests/${r.id}`}
            label="Deny"
            pendingLabel="Denying…"
            question={`Deny @${r.username}'s request?`}
            ariaLabel={`Deny access request of ${r.username}`}
            testId="deny-access-request"
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
