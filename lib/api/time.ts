// GitLab's JSON times: ISO 8601 in UTC with milliseconds. Date#toISOString costs ≈ 1 µs on Node 20
// and a list page formats several per row; rows kept for a write generation share their Date
// objects, so each is formatted once. (Code that changes a Date in place after it was shown would
// see the old text: nothing here does; rows are replaced, never edited.)
const formatted = new WeakMap<Date, string>()

export function isoTime(d: Date): string {
  let text = formatted.get(d)
  if (text === undefined) formatted.set(d, (text = d.toISOString()))
  return text
}

export const isoOrNull = (d: Date | null | undefined): string | null => (d ? isoTime(d) : null)

/** A day as GitLab shows `expires_at` and the like: YYYY-MM-DD of the UTC date. */
export const isoDayOrNull = (d: Date | null | undefined): string | null => (d ? isoTime(d).slice(0, 10) : null)
