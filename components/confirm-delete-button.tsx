'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useApi } from './console-providers'

export interface ConfirmDeleteButtonProps {
  /** API path (below /api/v4) to DELETE. */
  path: string
  label: string
  pendingLabel: string
  /** The question shown beside Confirm / Cancel. */
  question: string
  ariaLabel: string
  /** data-testid prefix: `<testId>-button`, `confirm-<testId>-button`, `cancel-<testId>-button`, `<testId>-error`. */
  testId: string
}

/** A destructive API call takes two clicks (the action, then Confirm); the page reloads its data after. */
export function ConfirmDeleteButton({ path, label, pendingLabel, question, ariaLabel, testId }: ConfirmDeleteButtonProps) {
  const api = useApi()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => api('DELETE', path),
    onSuccess: () => {
      setConfirming(false)
      router.refresh()
    },
  })

  if (!confirming) {
    return (
      <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} data-testid={`${testId}-button`}>
        {label}
      </button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={ariaLabel}>
      <span className="small">{question}</span>
      <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()} data-testid={`confirm-${testId}-button`}>
        {remove.isPending ? pendingLabel : 'Confirm'}
      </button>
      <button type="button" className="btn btn-link" disabled={remove.isPending} onClick={() => setConfirming(false)} data-testid={`cancel-${testId}-button`}>
        Cancel
      </button>
      {remove.error && (
        <div className="field-error" role="alert" data-testid={`${testId}-error`}>
          {remove.error.message}
        </div>
      )}
    </div>
  )
}
