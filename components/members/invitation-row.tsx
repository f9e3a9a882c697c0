'use client'
// A pending invitation: its role and expiry can change in place; resend mails the accept link
// again; revoke deletes it after a confirm.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button, ConfirmButton, DateInput, useToast } from '@/components/ui'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { RoleSelect } from './role-select'
import { formatDate } from '../format'

export interface Invitation {
  id: number
  invite_email: string
  created_at: string
  access_level: number
  expires_at: string | null
  user_name: string | null
  created_by_name: string | null
}

export function InvitationRow({ source, invitation: inv }: { source: SourceRef; invitation: Invitation }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const [resent, setResent] = useState(false)
  const one = { id: source.id, email: inv.invite_email }
  const update = useMutation({
    mutationFn: (json: { access_level?: number; expires_at?: string }) =>
      api(endpoints.invitation[source.kind].update, { ...one, ...json }),
    onSuccess: () => router.refresh(),
  })
  const resend = useMutation({
    mutationFn: () => api.quiet(endpoints.invitation[source.kind].resend, one),
    onSuccess: () => {
      setResent(true)
      toast.success(`Invitation sent again to ${inv.invite_email}.`)
    },
  })
  const error = update.error ?? resend.error
  return (
    <tr data-testid="invitation-row" data-email={inv.invite_email}>
      <td>
        {inv.invite_email}
        {inv.created_by_name && (
          <div className="small muted">
            invited by {inv.created_by_name} on {formatDate(inv.created_at)}
          </div>
        )}
      </td>
      <td>
        <RoleSelect
          aria-label={`Role for ${inv.invite_email}`}
          defaultValue={inv.access_level}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ access_level: Number(e.target.value) })}
          data-testid="invitation-role-select"
        />
      </td>
      <td>
        <DateInput
          aria-label={`Access expiration for ${inv.invite_email}`}
          defaultValue={inv.expires_at?.slice(0, 10) ?? ''}
          onChange={(e) => e.target.value && update.mutate({ expires_at: e.target.value })}
          data-testid="invitation-expires-input"
        />
      </td>
      <td>
        <div className="actions">
          <Button
            pending={resend.isPending}
            pendingLabel="Sending…"
            onClick={() => resend.mutate()}
            data-testid="invitation-resend-button"
          >
            {resent ? 'Sent again' : 'Resend'}
          </Button>
          <ConfirmButton
            endpoint={endpoints.invitation[source.kind].remove}
            params={one}
            label="Revoke"
            pendingLabel="Revoking…"
            question={`Revoke the invitation to ${inv.invite_email}?`}
            ariaLabel={`Revoke invitation ${inv.invite_email}`}
            testId="revoke-invitation"
            done={`Invitation to ${inv.invite_email} revoked.`}
          />
        </div>
        {error && (
          <div className="field-error" role="alert" data-testid="invitation-error">
            {error.message}
          </div>
        )}
      </td>
    </tr>
  )
}
