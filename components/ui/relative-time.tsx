'use client'
import { useEffect, useState } from 'react'

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
  for (const [unit, secs] of UNITS) if (Math.abs(diff) >= secs || unit === 'second') return fmt.format(Math.round(diff / secs), unit)
  return iso
}

/**
 * A time shown relative ("5 minutes ago") with the exact time in the viewer's zone on hover. The
 * server renders UTC; the browser switches to its own zone after hydration.
 */
export function RelativeTime({ iso, mode = 'relative', testId }: { iso: string | null | undefined; mode?: 'relative' | 'exact'; testId?: string }) {
  const [client, setClient] = useState(false)
  useEffect(() => setClient(true), [])
  if (!iso) return <span className="muted">—</span>
  const d = new Date(iso)
  const exact = client ? d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`
  return (
    <time dateTime={iso} title={exact} data-testid={testId}>
      {mode === 'exact' ? exact : client ? relative(iso) : exact}
    </time>
  )
}
