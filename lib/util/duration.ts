// ChronicDuration as GitLab parses human durations: CI `timeout:` ("1h 30m", "90 minutes", "3600")
// and the registry's `older_than` ("1h", "7d", "1month"). Seconds, or null when not a duration.

const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
  w: 604800,
  wk: 604800,
  week: 604800,
  weeks: 604800,
  // ChronicDuration's month is 30 days and its year 365.25 days.
  mo: 2592000,
  month: 2592000,
  months: 2592000,
  y: 31557600,
  yr: 31557600,
  year: 31557600,
  years: 31557600,
}

export function parseDuration(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 ? v : null
  if (typeof v !== 'string' || !v.trim()) return null
  const s = v.trim().toLowerCase()
  if (/^\d+$/.test(s)) return Number(s) || null
  let total = 0
  const re = /(\d+(?:\.\d+)?)\s*([a-z]+)[\s,]*(?:and\s+)?/y
  let i = 0
  while (i < s.length) {
    re.lastIndex = i
    const m = re.exec(s)
    // typeof, not `in`: a unit such as `constructor` must not reach Object.prototype.
    const unit = m ? UNIT_SECONDS[m[2]!] : undefined
    if (!m || typeof unit !== 'number') return null
    total += Number(m[1]) * unit
    i = re.lastIndex
  }
  return total > 0 ? Math.round(total) : null
}
