'use client'
import { useEffect, useState } from 'react'
import { formatDate, formatDateTime, formatLocalDateTime, isDateOnly } from '../format'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

export function relative(iso: string, now = Date.now()): string {
  const diff = (new Date(iso).getTime() - now) / 1000
  const fmt = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
  for (const [unit, secs] of UNITS)
    if (Math.abs(diff) >= secs || unit === 'second') return fmt.format(Math.round(diff / secs), unit)
  return iso
}

/**
 * A time shown relative ("5 minutes ago") with the exact time in the viewer's zone on hover. The
 * server renders UTC; the browser switches to its own zone after hydration.
 * mode "both": where a window matters (a broadcast's start and end, an expiry, a next run) the
 * exact time is written beside the relative one — "next month → next month" says nothing.
 */
export function RelativeTime({
  iso,
  mode = 'relative',
  testId,
}: {
  iso: string | null | undefined
  mode?: 'relative' | 'exact' | 'both'
  testId?: string
}) {
  const [client, setClient] = useState(false)
  useEffect(() => setClient(true), [])
  if (!iso) return <span className="muted">—</span>
  if (mode === 'both') {
    const exact = client ? formatLocalDateTime(iso) : isDateOnly(iso) ? formatDate(iso) : formatDateTime(iso)
    return (
      <time dateTime={iso} title={exact} data-testid={testId} className="time-both">
        {client && (
          <span data-testid={testId && `${testId}-relative`}>
            {relative(isDateOnly(iso) ? `${iso}T00:00:00Z` : iso)}
          </span>
        )}
        {client && ' · '}
        <span className={client ? 'muted' : undefined} data-testid={testId && `${testId}-exact`}>
          {exact}
        </span>
      </time>
    )
  }
  const d = new Date(iso)
  const exact = client
    ? d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
    : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`
  return (
    <time dateTime={iso} title={exact} data-testid={testId}>
      {mode === 'exact' ? exact : client ? relative(iso) : exact}
    </time>
  )
}
