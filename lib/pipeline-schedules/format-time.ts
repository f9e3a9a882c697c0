// How the console writes a schedule's times. Client-safe (no server imports).

// dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws), so the parts are named.
// 24-hour clock: a cron's hour reads the same way as the time it produces.
const TIME_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
}

/** A time in a given IANA zone (or the runtime's when none), e.g. "Mon, Jan 5, 2026, 05:00 GMT+1". */
export function formatTime(iso: string | Date, timeZone?: string): string {
  try {
    return new Date(iso).toLocaleString('en-US', { ...TIME_FORMAT, timeZone })
  } catch {
    return new Date(iso).toISOString()
  }
}

/** "2026-01-05 04:00 UTC", cut from the ISO text: the server and every browser write the same. */
export const utcText = (at: string | Date) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
