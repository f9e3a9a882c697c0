'use client'
// A secret the server shows once (a new token, a runner's authentication token): in a dialog that
// must be dismissed, with a copy button, so it is seen wherever the page was scrolled.
import { useState } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

export function SecretDialog({
  title,
  secret,
  note,
  onClose,
  testId = 'secret-dialog',
}: {
  title: string
  secret: string | null
  note?: string
  onClose: () => void
  testId?: string
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (!secret) return
    try {
      await navigator.clipboard.writeText(secret)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Dialog
      open={secret !== null}
      onClose={() => {
        setCopied(false)
        onClose()
      }}
      title={title}
      testId={testId}
      footer={
        <>
          <Button onClick={() => void copy()} data-testid={`${testId}-copy`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setCopied(false)
              onClose()
            }}
            data-testid={`${testId}-close`}
          >
            Done
          </Button>
        </>
      }
    >
      <p className="muted">{note ?? 'Copy it now: it will not be shown again.'}</p>
      <code className="ui-secret" data-testid={`${testId}-value`}>
        {secret}
      </code>
    </Dialog>
  )
}
