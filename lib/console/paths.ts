// URL helpers for console pages: search params, callback URLs and GitLab-style resource paths.
export type SearchParams = Record<string, string | string[] | undefined>

/** The first value of a search param. */
export const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

/** A positive integer param (page numbers), or undefined. */
export function intParam(v: string | string[] | undefined): number | undefined {
  const s = one(v)
  return s && /^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : undefined
}

export function pathWithQuery(pathname: string, params: SearchParams = {}): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, item)
  }
  const s = q.toString()
  return s ? `${pathname}?${s}` : pathname
}

/** Only same-origin paths: a callbackUrl must never send the user to another site. */
export function safeCallback(url: string | undefined, fallback = '/projects'): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return fallback
  return url
}

/**
 * `/groups/a/b/-/members` → { fullPath: 'a/b', section: 'members' }. GitLab puts '-' between a
 * namespace path and its sub-pages, and no path segment may be '-', so the split is unambiguous.
 */
export function splitResourcePath(segments: string[]): { fullPath: string; section: string[] } {
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  const dash = decoded.indexOf('-')
  if (dash < 0) return { fullPath: decoded.join('/'), section: [] }
  return { fullPath: decoded.slice(0, dash).join('/'), section: decoded.slice(dash + 1) }
}

// Lives in lib/util: domains name console URLs in mails, and lib/console sits above them.
export { consolePath } from '../util/console-path'
