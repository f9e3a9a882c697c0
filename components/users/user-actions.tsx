'use client'
// A user's state and removal, as Admin → Users offers them: block / unblock, deactivate / activate
// and delete (keeping their contributions with the ghost user, or with them). The API's refusals
// (yourself, the last administrator, a recently active user) show in the dialog.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { ConfirmButton } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import './users.css'

interface Target {
  id: number
  username: string
  state: string
}

/** Unblock and Activate undo something, so they need no confirmation. */
function RestoreButton({ user, action }: { user: Target; action: 'unblock' | 'activate' }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const run = useMutation({
    mutationFn: () =>
      api.quiet(action === 'unblock' ? endpoints.user.unblock : endpoints.user.activate, { id: user.id }),
    onSuccess: () => {
      toast.success(action === 'unblock' ? 'User unblocked.' : 'User activated.')
      router.refresh()
    },
  })
  return (
    <>
      <Button
        pending={run.isPending}
        pendingLabel={action === 'unblock' ? 'Unblocking…' : 'Activating…'}
        onClick={() => run.mutate()}
        data-testid={`${action}-user-button`}
      >
        {action === 'unblock' ? 'Unblock' : 'Activate'}
      </Button>
      {run.error && (
        <span className="field-error" role="alert" data-testid={`${action}-user-error`}>
          {run.error.message}
        </span>
      )}
    </>
  )
}

export function UserActions({ user }: { user: Target }) {
  const router = useRouter()
  // The user's page is gone: replace it in history (a refresh here would re-render the deleted
  // user's route and win over the navigation).
  const backToList = () => router.replace('/admin/users')
  return (
    <div className="user-actions" data-testid="user-actions">
      {user.state === 'blocked' ? (
        <RestoreButton user={user} action="unblock" />
      ) : (
        <ConfirmButton
          endpoint={endpoints.user.block}
          params={{ id: user.id }}
          label="Block"
          pendingLabel="Blocking…"
          question={`Block @${user.username}? They can no longer sign in or use the API, and their tokens stop working until unblocked.`}
          ariaLabel={`Block ${user.username}`}
          testId="block-user"
          done="User blocked."
          confirmLabel="Block"
        />
      )}
      {user.state === 'deactivated' && <RestoreButton user={user} action="activate" />}
      {user.state === 'active' && (
        <ConfirmButton
          endpoint={endpoints.user.deactivate}
          params={{ id: user.id }}
          label="Deactivate"
          pendingLabel="Deactivating…"
          question={`Deactivate @${user.username}? Only users inactive for the dormant period can be; signing in again reactivates them.`}
          ariaLabel={`Deactivate ${user.username}`}
          testId="deactivate-user"
          done="User deactivated."
          confirmLabel="Deactivate"
        />
      )}
      <ConfirmButton
        endpoint={endpoints.user.remove}
        params={{ id: user.id }}
        label="Delete user"
        pendingLabel="Deleting…"
        question={`Delete @${user.username}? Their personal projects go; their issues, epics, snippets and pipelines stay, shown as the ghost user. Groups they own alone must be given another owner first.`}
        ariaLabel={`Delete ${user.username}`}
        testId="delete-user"
        done="User deleted."
        confirmLabel="Delete"
        variant="danger"
        onDone={backToList}
      />
      <ConfirmButton
        endpoint={endpoints.user.remove}
        params={{ id: user.id, hard_delete: true }}
        label="Delete user and contributions"
        pendingLabel="Deleting…"
        question={`Delete @${user.username} with everything they authored, and the groups they own alone? This cannot be undone.`}
        ariaLabel={`Delete ${user.username} and contributions`}
        testId="hard-delete-user"
        done="User and contributions deleted."
        confirmLabel="Delete everything"
        variant="danger"
        onDone={backToList}
      />
    </div>
  )
}
