'use client'
// Signs a user out of every console session (a server action: GitLab has no API for it).
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { revokeUserSessionsAction } from '@/lib/console/user-session-actions'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'

export function RevokeSessionsButton({ user }: { user: { id: number; username: string } }) {
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const run = useMutation({
    mutationFn: async () => {
      const result = await revokeUserSessionsAction(user.id)
      if (!result.ok) throw new Error(result.error)
      return result.ended
    },
    onSuccess: (ended) => {
      setOpen(false)
      toast.success(ended === 1 ? '1 session revoked.' : `${ended} sessions revoked.`)
    },
  })
  return (
    <>
      <Button variant="danger-outline" onClick={() => setOpen(true)} data-testid="revoke-sessions-button">
        Revoke all sessions
      </Button>
      <Dialog
        open={open}
        alert
        onClose={() => !run.isPending && setOpen(false)}
        title={`Revoke all sessions of ${user.username}`}
        testId="revoke-sessions-dialog"
        footer={
          <>
            <Button
              variant="link"
              disabled={run.isPending}
              onClick={() => setOpen(false)}
              data-testid="cancel-revoke-sessions-button"
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              pending={run.isPending}
              pendingLabel="Revoking…"
              onClick={() => run.mutate()}
              data-testid="confirm-revoke-sessions-button"
            >
              Revoke
            </Button>
          </>
        }
      >
        <p>Sign @{user.username} out of the console everywhere? Their access tokens keep working.</p>
        {run.error && (
          <div className="field-error" role="alert" data-testid="revoke-sessions-error">
            {run.error.message}
          </div>
        )}
      </Dialog>
    </>
  )
}
