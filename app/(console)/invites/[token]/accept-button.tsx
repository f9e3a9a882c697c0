'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useApi } from '@/components/console-providers'
import { endpoints } from '@/lib/console/endpoint-refs'

/** Accepts the invitation as the signed-in user, then opens the group or project. */
export function AcceptInvitationButton({ token }: { token: string }) {
  const api = useApi()
  const router = useRouter()
  const accept = useMutation({
    mutationFn: () => api(endpoints.invitation.accept, { token }),
    onSuccess: (body) => router.push(body.console_path),
  })
  return (
    <div>
      <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => accept.mutate()} data-testid="accept-invitation-button">
        {accept.isPending ? 'Accepting…' : 'Accept invitation'}
      </button>
      {accept.error && (
        <div className="field-error" role="alert" data-testid="accept-invitation-error">
          {accept.error.message}
        </div>
      )}
    </div>
  )
}
