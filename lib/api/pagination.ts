// GitLab's pagination (shared/reference §1.5). Services page in the database; this module owns the
// parameters, the headers and the Link URLs.
import { generationCache } from '../runtime/generation-cache'
import { config } from '../config'
import { p } from './param-types'
import type { Params } from './params'

export const MAX_PER_PAGE = 100
export const DEFAULT_PER_PAGE = 20
/** Above this many rows GitLab stops counting: no X-Total, X-Total-Pages or rel="last". */
export const COUNT_LIMIT = 10_000

export const offsetParams = {
  page: p.optional(p.int()),
  per_page: p.optional(p.int()),
}
export const keysetParams = {
  pagination: p.optional(p.enum(['offset', 'keyset'])),
}

export interface PageWindow {
  page: number
  perPage: number
  skip: number
  take: number
}

export function pageWindow(params: { page?: number; per_page?: number }): PageWindow {
  const page = Math.max(1, params.page ?? 1)
  const rawPer = params.per_page ?? DEFAULT_PER_PAGE
  const perPage = rawPer < 1 ? DEFAULT_PER_PAGE : Math.min(MAX_PER_PAGE, rawPer)
  return { page, perPage, skip: (page - 1) * perPage, take: perPage }
}

/** A page of results: `total` is null when the count was skipped (above COUNT_LIMIT). */
export interface OffsetPage<T> {
  kind: 'offset'
  items: T[]
  total: number | null
  window: PageWindow
}
export interface KeysetPage<T> {
  kind: 'keyset'
  items: T[]
  /** Params to merge into the next link, or null on the last page. */
  next: Params | null
}
export type Page<T> = OffsetPage<T> | KeysetPage<T>

export const offsetPage = <T>(items: T[], total: number | null, window: PageWindow): OffsetPage<T> => ({
  kind: 'offset',
  items,
  total,
  window,
})
export const keysetPage = <T>(items: T[], next: Params | null): KeysetPage<T> => ({ kind: 'keyset', items, next })
export const isPage = (v: unknown): v is Page<unknown> =>
  typeof v === 'object' &&
  v !== null &&
  ((v as Page<unknown>).kind === 'offset' || (v as Page<unknown>).kind === 'keyset') &&
  Array.isArray((v as Page<unknown>).items)

/** Rails' to_query: keys sorted, arrays as `k[]=v`, hashes as `k[sub]=v`. */
export function toQuery(params: Params, prefix?: string): string {
  const parts: string[] = []
  for (const key of Object.keys(params).sort()) {
    const value = params[key]
    const name = prefix ? `${prefix}[${key}]` : key
    if (value === undefined) continue
    if (Array.isArray(value)) {
      for (const v of value) parts.push(`${encodeURIComponent(`${name}[]`)}=${encodeURIComponent(scalar(v))}`)
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      const nested = toQuery(value as Params, name)
      if (nested) parts.push(nested)
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(scalar(value))}`)
    }
  }
  return parts.join('&')
}

const scalar = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
      ? String(v)
      : v instanceof Date
        ? v.toISOString()
        : v === null || v === undefined
          ? ''
          : JSON.stringify(v)

/** The request URL rebuilt on EXTERNAL_URL with the given params as its query. */
export function linkUrl(pathname: string, params: Params): string {
  const base = config().externalUrl
  const q = toQuery(params)
  return `${base}${pathname}${q ? `?${q}` : ''}`
}

/** Params echoed into links: everything the client sent, minus credentials. */
export function linkParams(raw: Params): Params {
  const { private_token: _a, access_token: _b, job_token: _c, ...rest } = raw
  return rest
}

/**
 * The most a Link header may hold. Every link repeats the request's query (up to 8 KiB, the 414
 * limit), and Node's HTTP client (undici, under gitbeaker) refuses an answer whose headers pass
 * 16 KiB: it could not read the page at all (the endpoint fuzz found this, GET /users with a
 * 5,000-character `username`; GitLab's nginx answers 502 "upstream sent too big header").
 */
export const MAX_LINK_HEADER = 12 * 1024
// Dropped first to last when the header is too long: `next` is what clients iterate by.
const DROP_ORDER = ['last', 'first', 'prev']

/** The links joined, leaving out the least needed ones until the header fits MAX_LINK_HEADER. */
function fittingLinks(links: { rel: string; link: string }[]): string {
  let kept = links
  const length = () => kept.reduce((n, l) => n + l.link.length + 2, 0)
  for (const rel of DROP_ORDER) {
    if (length() <= MAX_LINK_HEADER) break
    if (kept.length > 1) kept = kept.filter((l) => l.rel !== rel)
  }
  return kept.map((l) => l.link).join(', ')
}

export function paginationHeaders(page: Page<unknown>, pathname: string, params: Params): Record<string, string> {
  const base = linkParams(params)
  if (page.kind === 'keyset') {
    return page.next ? { Link: `<${linkUrl(pathname, { ...base, ...page.next })}>; rel="next"` } : {}
  }
  const { window, total } = page
  const { page: current, perPage } = window
  const totalPages = total === null ? null : Math.max(1, Math.ceil(total / perPage))
  const hasNext = totalPages === null ? page.items.length === perPage : current < totalPages
  // One copy whose page is set per link (setting a key the object has is a fast store; adding one
  // after a spread is not).
  const linked: Params = Object.assign({}, base, { page: current, per_page: perPage })
  const at = (n: number) => {
    linked.page = n
    return `<${linkUrl(pathname, linked)}>`
  }
  const links: { rel: string; link: string }[] = []
  if (current > 1) links.push({ rel: 'prev', link: `${at(current - 1)}; rel="prev"` })
  if (hasNext) links.push({ rel: 'next', link: `${at(current + 1)}; rel="next"` })
  links.push({ rel: 'first', link: `${at(1)}; rel="first"` })
  if (totalPages !== null) links.push({ rel: 'last', link: `${at(totalPages)}; rel="last"` })
  const headers: Record<string, string> = {
    'X-Page': String(current),
    'X-Per-Page': String(perPage),
    'X-Next-Page': hasNext ? String(current + 1) : '',
    'X-Prev-Page': current > 1 ? String(current - 1) : '',
    Link: fittingLinks(links),
  }
  if (total !== null && totalPages !== null) {
    headers['X-Total'] = String(total)
    headers['X-Total-Pages'] = String(totalPages)
  }
  return headers
}

/**
 * Counts up to COUNT_LIMIT + 1 rows; null above the limit (GitLab skips the count then).
 * With a key (the filter that was counted), the result is kept for the write generation: a list's
 * count is its most expensive query.
 */
export async function cappedCount(count: (take: number) => Promise<number>, key?: unknown): Promise<number | null> {
  const run = async () => {
    const n = await count(COUNT_LIMIT + 1)
    return n > COUNT_LIMIT ? null : n
  }
  if (key === undefined) return run()
  return counts.read(JSON.stringify(key), run)
}
const counts = generationCache<string, number | null>('counts')

/** The same page with other items (presented asynchronously, e.g. through a cache). */
export const withItems = <T, U>(page: Page<T>, items: U[]): Page<U> => ({ ...page, items })

/** Presents a page's rows through an entity, keeping its paging. */
export function mapPage<T, U>(page: Page<T>, present: (row: T) => U): Page<U> {
  return { ...page, items: page.items.map(present) }
}
