'use client'
// One direct member as the owner manages them: role and expiry change in place (saved on change,
// as GitLab's members page does), remove after a confirm.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import type { Member } from '../projects/member-table'
import { Badge, ConfirmButton, DateInput, useToast } from '@/components/ui'
import { levelName } from '@/lib/auth/access-levels'
import { useApi } from '../console-providers'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { RoleSelect } from './role-select'

type Change = { access_level: number } | { expires_at: string }

/** The toast after a change: which member, and what they have now. */
function changeMessage(who: string, change: Change): string {
  if ('access_level' in change) return `${who} is now ${levelName(change.access_level)}.`
  return change.expires_at ? `${who}'s access expires on ${change.expires_at}.` : `${who}'s access no longer expires.`
}

export function MemberManageRow({ source, member: m }: { source: SourceRef; member: Member }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const update = useMutation({
    // GitLab requires access_level on every member update.
    mutationFn: (change: Change) =>
      api.quiet(endpoints.member[source.kind].update, {
        id: source.id,
        user_id: m.id,
        access_level: m.access_level,
        ...change,
      }),
    onSuccess: (_data, change) => {
      toast.success(changeMessage(`@${m.username}`, change))
      router.refresh()
    },
  })
  return (
    <tr data-testid="member-row" data-username={m.username} data-membership="direct">
      <td>
        {m.name} <span className="muted">@{m.username}</span>
        {m.state !== 'active' && <Badge tone="warn">{m.state}</Badge>}
      </td>
      <td data-testid="member-source">Direct member</td>
      <td>
        <RoleSelect
          aria-label={`Role of ${m.username}`}
          defaultValue={m.access_level}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ access_level: Number(e.target.value) })}
          data-testid="member-role-select"
        />
      </td>
      <td>
        <DateInput
          aria-label={`Access expiration of ${m.username}`}
          defaultValue={m.expires_at?.slice(0, 10) ?? ''}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ expires_at: e.target.value })}
          data-testid="member-expires-input"
        />
      </td>
      <td>
        <ConfirmButton
          endpoint={endpoints.member[source.kind].remove}
          params={{ id: source.id, user_id: m.id }}
          label="Remove"
          pendingLabel="Removing…"
          question={`Remove @${m.username}?`}
          ariaLabel={`Remove member ${m.username}`}
          testId="remove-member"
          done={`@${m.username} removed.`}
        />
        {update.error && (
          <div className="field-error" role="alert" data-testid="member-update-error">
            {update.error.message}
          </div>
        )}
      </td>
    </tr>
  )
}
