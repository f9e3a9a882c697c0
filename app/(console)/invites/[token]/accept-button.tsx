'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useApi } from '@/components/console-providers'
import { Button, useToast } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

/** Accepts the invitation as the signed-in user, then opens the group or project. */
export function AcceptInvitationButton({ token }: { token: string }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const accept = useMutation({
    mutationFn: () => api.quiet(endpoints.invitation.accept, { token }),
    onSuccess: (body) => {
      toast.success('Invitation accepted: you are now a member.')
      router.push(body.console_path)
    },
  })
  return (
    <div>
      <Button
        variant="primary"
        pending={accept.isPending}
        pendingLabel="Accepting…"
        onClick={() => accept.mutate()}
        data-testid="accept-invitation-button"
      >
        Accept invitation
      </Button>
      {accept.error && (
        <div className="field-error" role="alert" data-testid="accept-invitation-error">
          {accept.error.message}
        </div>
      )}
    </div>
  )
}
