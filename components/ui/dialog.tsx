'use client'
// A modal on the native <dialog> element: focus trap, Escape and the backdrop come from the browser.
import { useEffect, useId, useRef, type ReactNode } from 'react'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode
  testId?: string
  /** A role="alertdialog" for questions that need an answer (confirmations). */
  alert?: boolean
}

export function Dialog({ open, onClose, title, children, footer, testId, alert }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (open && !el.open) el.showModal()
    if (!open && el.open) el.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="ui-dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      data-testid={testId}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          <div className="ui-dialog-body">{children}</div>
          {footer && <div className="ui-dialog-footer">{footer}</div>}
        </>
      )}
    </dialog>
  )
}
