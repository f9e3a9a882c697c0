'use client'
// A destructive or weighty API call takes two steps: the button, then Confirm in a dialog that says
// what will happen. The call's error stays in the dialog; success closes it, toasts and refreshes.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState, type ReactNode } from 'react'
import type { EndpointRef, ParamsOf } from '@/lib/api/endpoint'
import type { ParamsArg } from '@/lib/console/endpoint-call'
import { useApi } from '../console-providers'
import { Button, type ButtonVariant } from './button'
import { Dialog } from './dialog'
import { useToast } from './toast'

export interface ConfirmButtonProps<E extends EndpointRef> {
  /** The endpoint to call (a DELETE, or another destructive call) and its params. */
  endpoint: E
  params: ParamsOf<E>
  label: string
  pendingLabel: string
  /** The question in the dialog. */
  question: ReactNode
  ariaLabel: string
  /** data-testid prefix: `<testId>-button`, `confirm-<testId>-button`, `cancel-<testId>-button`, `<testId>-error`. */
  testId: string
  /** The toast after success (default: "Done."). */
  done?: string
  confirmLabel?: string
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  /** After success, instead of refreshing the page (e.g. go to the list the item was in). */
  onDone?: () => void
}

/** The button's accessible name keeps its visible words (WCAG 2.5.3: speech users say what they see). */
function accessibleName(label: string, ariaLabel: string): string {
  return ariaLabel.toLowerCase().includes(label.toLowerCase()) ? ariaLabel : `${label}: ${ariaLabel}`
}

export function ConfirmButton<E extends EndpointRef>(props: ConfirmButtonProps<E>) {
  const {
    endpoint,
    params,
    label,
    pendingLabel,
    question,
    ariaLabel,
    testId,
    done,
    confirmLabel = 'Confirm',
    variant = 'danger-outline',
    size,
    onDone,
  } = props
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const run = useMutation({
    mutationFn: () => api.quiet(endpoint, ...([params] as ParamsArg<E>)),
    onSuccess: () => {
      setOpen(false)
      toast.success(done ?? 'Done.')
      if (onDone) onDone()
      else router.refresh()
    },
  })
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => setOpen(true)}
        aria-label={accessibleName(label, ariaLabel)}
        data-testid={`${testId}-button`}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        alert
        onClose={() => !run.isPending && setOpen(false)}
        title={ariaLabel}
        testId={`${testId}-dialog`}
        footer={
          <>
            <Button
              variant="link"
              disabled={run.isPending}
              onClick={() => setOpen(false)}
              data-testid={`cancel-${testId}-button`}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              pending={run.isPending}
              pendingLabel={pendingLabel}
              onClick={() => run.mutate()}
              data-testid={`confirm-${testId}-button`}
            >
              {confirmLabel}
            </Button>
          </>
        }
      >
        <p>{question}</p>
        {run.error && (
          <div className="field-error" role="alert" data-testid={`${testId}-error`}>
            {run.error.message}
          </div>
        )}
      </Dialog>
    </>
  )
}
