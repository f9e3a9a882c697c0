'use client'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { EndpointRef, ParamsOf } from '@/lib/api/endpoint'
import type { ParamsArg } from '@/lib/console/endpoint-call'
import { useApi } from './console-providers'

export interface ConfirmDeleteButtonProps<E extends EndpointRef> {
  /** The endpoint to call (a DELETE, or another destructive call) and its params. */
  endpoint: E
  params: ParamsOf<E>
  label: string
  pendingLabel: string
  /** The question shown beside Confirm / Cancel. */
  question: string
  ariaLabel: string
  /** data-testid prefix: `<testId>-button`, `confirm-<testId>-button`, `cancel-<testId>-button`, `<testId>-error`. */
  testId: string
}

/** A destructive API call takes two clicks (the action, then Confirm); the page reloads its data after. */
export function ConfirmDeleteButton<E extends EndpointRef>({ endpoint, params, label, pendingLabel, question, ariaLabel, testId }: ConfirmDeleteButtonProps<E>) {
  const api = useApi()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: () => api(endpoint, ...([params] as ParamsArg<E>)),
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
