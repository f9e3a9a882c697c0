'use client'
// A group's or project's legacy registration token, hidden until revealed. Reset makes a new one
// (the old stops registering runners) and shows it in a dialog.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { Button } from '../ui/button'
import { SecretDialog } from '../ui/secret-dialog'
import { useToast } from '../ui/toast'

/** The endpoints that reset a group's or project's registration token (both answer `{ token }`). */
type ResetEndpoint =
  typeof endpoints.runner.resetGroupRegistrationToken | typeof endpoints.runner.resetProjectRegistrationToken

export function RegistrationToken({
  token,
  reset: resetCall,
}: {
  token: string | null
  reset: { endpoint: ResetEndpoint; params: { id: number } }
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [shown, setShown] = useState(false)
  const [value, setValue] = useState(token)
  const [fresh, setFresh] = useState<string | null>(null)
  const reset = useMutation({
    mutationFn: () => api.quiet(resetCall.endpoint, resetCall.params),
    onSuccess: (r) => {
      setValue(r.token)
      setFresh(r.token)
      toast.success('Registration token reset: the old one no longer registers runners.')
      router.refresh()
    },
  })
  return (
    <div className="token-box" data-testid="registration-token">
      <span className="small">
        Registration token (legacy registration with <code>npm run runner -- register --token …</code>):
      </span>
      <code data-testid="registration-token-value">{shown ? value : '••••••••••••••••••••'}</code>
      <div className="actions">
        <Button onClick={() => setShown(!shown)} data-testid="registration-token-reveal">
          {shown ? 'Hide' : 'Reveal'}
        </Button>
        <Button
          variant="danger-outline"
          pending={reset.isPending}
          pendingLabel="Resetting…"
          onClick={() => reset.mutate()}
          data-testid="registration-token-reset"
        >
          Reset token
        </Button>
      </div>
      {reset.error && (
        <span className="field-error" role="alert">
          {reset.error.message}
        </span>
      )}
      <SecretDialog
        title="New registration token"
        secret={fresh}
        note="The old token no longer registers runners. Register new runners with this one."
        onClose={() => setFresh(null)}
        testId="registration-token-dialog"
      />
    </div>
  )
}
