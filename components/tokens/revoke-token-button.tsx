'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from '../console-providers'

/** Revoking is final, so it takes two clicks: Revoke, then Confirm. */
export function RevokeTokenButton({ id, name }: { id: number; name: string }) {
  const api = useApi()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const revoke = useMutation({
    mutationFn: () => api('DELETE', `/personal_access_tokens/${id}`),
    onSuccess: () => {
      setConfirming(false)
      router.refresh()
    },
  })

  if (!confirming) {
    return (
      <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} data-testid="revoke-token-button">
        Revoke
      </button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={`Revoke ${name}`}>
      <span className="small">Revoke “{name}”? Anything using it stops working.</span>
      <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate()} data-testid="confirm-revoke-button">
        {revoke.isPending ? 'Revoking…' : 'Confirm'}
      </button>
      <button type="button" className="btn btn-link" disabled={revoke.isPending} onClick={() => setConfirming(false)} data-testid="cancel-revoke-button">
        Cancel
      </button>
      {revoke.error && (
        <div className="field-error" role="alert" data-testid="revoke-error">
          {revoke.error.message}
        </div>
      )}
    </div>
  )
}
