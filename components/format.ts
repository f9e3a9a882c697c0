// Dates rendered in UTC so the server-rendered HTML and the hydrated client agree.
import { formatTime } from '@/lib/pipeline-schedules/format-time'
import { must } from '@/lib/util/defined'

export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—'
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** Bytes in binary units as the registry's UI shows them (`12.3 MiB`). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—'
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${must(units[unit], 'size unit')}`
}

/** A calendar date without a time ("2026-12-20": token and membership expiry), not an instant. */
export const isDateOnly = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso)

/**
 * The exact time in the viewer's zone, the zone named ("Sat, Dec 19, 2026, 09:00 GMT+1"); a
 * calendar date as that date ("Sun, Dec 20, 2026"), whatever the zone. Browser only: the server's
 * zone is not the viewer's, so server renders write formatDateTime's UTC text instead.
 */
export function formatLocalDateTime(iso: string): string {
  if (isDateOnly(iso))
    return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    })
  return formatTime(iso)
}
