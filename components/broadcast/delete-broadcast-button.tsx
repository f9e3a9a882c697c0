'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from '../console-providers'

/** Deleting takes two clicks: Delete, then Confirm. */
export function DeleteBroadcastButton({ id }: { id: number }) {
  const api = useApi()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => api('DELETE', `/broadcast_messages/${id}`),
    onSuccess: () => {
      setConfirming(false)
      router.refresh()
    },
  })

  if (!confirming) {
    return (
      <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} data-testid="delete-broadcast-button">
        Delete
      </button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label="Delete broadcast message">
      <span className="small">Delete this message?</span>
      <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid="confirm-delete-broadcast-button">
        {remove.isPending ? 'Deleting…' : 'Confirm'}
      </button>
      <button type="button" className="btn btn-link" disabled={remove.isPending} onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {remove.error && (
        <div className="field-error" role="alert">
          {remove.error.message}
        </div>
      )}
    </div>
  )
}
