// Dates rendered in UTC so the server-rendered HTML and the hydrated client agree.
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
