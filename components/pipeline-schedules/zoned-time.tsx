'use client'
// A schedule's time shown twice: in the schedule's own zone (what its cron means) and in the
// viewer's (when it happens for them). The viewer's zone is the browser's, known only after
// hydration: the server renders a stable UTC text, replaced on mount, so the two renders agree.
import { useEffect, useState } from 'react'
import { formatTime, utcText } from '@/lib/pipeline-schedules/format-time'

/** The browser's IANA zone; null during the server render and the hydrating one. */
export function useViewerZone(): string | null {
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), [])
  return zone
}

export interface ZonedTimeProps {
  at: string | Date
  /** The IANA zone the schedule's cron runs in. */
  zone: string
  /** The schedule's cron_timezone as stored ("Berlin" or "Europe/Berlin"). */
  zoneName: string
  viewerZone: string | null
  testId: string
  /** One line ("… · your time …") instead of two blocks. */
  inline?: boolean
}

export function ZonedTime({ at, zone, zoneName, viewerZone, testId, inline = false }: ZonedTimeProps) {
  const d = new Date(at)
  const iso = d.toISOString()
  if (!viewerZone)
    return (
      <time dateTime={iso} data-testid={`${testId}-utc`}>
        {utcText(d)}
      </time>
    )
  const Part = inline ? 'span' : 'div'
  const same = viewerZone === zone
  return (
    <>
      <Part data-testid={`${testId}-zone`}>
        <time dateTime={iso}>{formatTime(d, zone)}</time>{' '}
        <span className="muted">({zoneName === zone ? zone : `${zoneName}, ${zone}`})</span>
      </Part>
      {inline && ' · '}
      <Part className={inline ? undefined : 'small muted'} data-testid={`${testId}-viewer`}>
        {same ? (
          'the same in your time zone'
        ) : (
          <>
            your time: <time dateTime={iso}>{formatTime(d, viewerZone)}</time> ({viewerZone})
          </>
        )}
      </Part>
    </>
  )
}
