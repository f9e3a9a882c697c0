'use client'
// The line under a path field: checking, available, or taken with GitLab's suggestion to take.
import { Button } from '@/components/ui'
import type { PathState } from './use-path-check'

export function PathStatus({ status, onUse }: { status: PathState; onUse: (path: string) => void }) {
  if (status.state === 'empty' || status.state === 'unknown') return null
  return (
    <div
      className={`path-status path-status-${status.state}`}
      aria-live="polite"
      data-testid="path-status"
      data-state={status.state}
    >
      {status.state === 'checking' && 'Checking availability…'}
      {status.state === 'invalid' && status.message}
      {status.state === 'available' && 'Path is available.'}
      {status.state === 'taken' && (
        <>
          Path is already taken.
          {status.suggestion && (
            <>
              {' '}
              Try{' '}
              <Button
                variant="link"
                size="small"
                onClick={() => onUse(status.suggestion!)}
                data-testid="use-suggested-path"
              >
                {status.suggestion}
              </Button>
            </>
          )}
        </>
      )}
    </div>
  )
}
