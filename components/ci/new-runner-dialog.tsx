'use client'
// A new runner's authentication token, shown once: in a dialog (seen wherever the page was
// scrolled) with the commands that start the bundled runner with it and a copy button for each.
import { useState } from 'react'
import { Button } from '../ui/button'
import { Dialog } from '../ui/dialog'

export interface CreatedRunner {
  id: number
  token: string
}

export function NewRunnerDialog({
  runner,
  serverUrl,
  onClose,
}: {
  runner: CreatedRunner | null
  serverUrl: string
  onClose: () => void
}) {
  const [copied, setCopied] = useState<'token' | 'commands' | null>(null)
  const commands = runner
    ? `npm run runner -- register --url ${serverUrl} --token ${runner.token}\nnpm run runner -- run`
    : ''
  const copy = async (what: 'token' | 'commands') => {
    try {
      await navigator.clipboard.writeText(what === 'token' ? (runner?.token ?? '') : commands)
      setCopied(what)
    } catch {
      setCopied(null)
    }
  }
  const close = () => {
    setCopied(null)
    onClose()
  }
  return (
    <Dialog
      open={runner !== null}
      onClose={close}
      title={`Runner #${runner?.id ?? ''} created`}
      testId="new-runner-token-box"
      footer={
        <>
          <Button onClick={() => void copy('token')} data-testid="new-runner-token-copy">
            {copied === 'token' ? 'Token copied' : 'Copy token'}
          </Button>
          <Button onClick={() => void copy('commands')} data-testid="new-runner-command-copy">
            {copied === 'commands' ? 'Commands copied' : 'Copy commands'}
          </Button>
          <Button variant="primary" onClick={close} data-testid="new-runner-token-close">
            Done
          </Button>
        </>
      }
    >
      <p className="muted">Copy its token now: it is not shown again.</p>
      <code className="ui-secret" data-testid="new-runner-token">
        {runner?.token}
      </code>
      <p className="small">Start the bundled runner with it:</p>
      <pre className="ui-secret pre-wrap" data-testid="new-runner-command">
        {commands}
      </pre>
    </Dialog>
  )
}
