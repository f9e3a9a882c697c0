// Dates rendered in UTC so the server-rendered HTML and the hydrated client agree.
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—'
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
