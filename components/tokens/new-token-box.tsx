'use client'
import { useState } from 'react'

/** The plaintext token, shown once right after creation: the API never returns it again. */
export function NewTokenBox({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="alert alert-success new-token" role="status" data-testid="new-token">
      <div>
        <strong>Your new personal access token “{name}” has been created.</strong> Copy it now — you won’t be able to see it again.
      </div>
      <div className="token-value-row">
        <code data-testid="new-token-value">{token}</code>
        <button
          type="button"
          className="btn"
          data-testid="copy-token-button"
          onClick={() =>
            // The Clipboard API is missing on plain-HTTP origins, whatever the DOM types say.
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
            navigator.clipboard?.writeText(token).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn-link" onClick={onDismiss} data-testid="dismiss-token-button">
          Dismiss
        </button>
      </div>
    </div>
  )
}
