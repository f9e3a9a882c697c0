import Link from 'next/link'
import type { PageInfo } from '@/lib/console/pagination'

export interface PagerProps {
  info: PageInfo
  /** Where the page links point, and the params they keep. */
  pathname: string
  query?: Record<string, string | undefined>
  /** The search param carrying the page number (detail pages have several lists). */
  pageParam?: string
}

export function pagerHref(
  { pathname, query = {}, pageParam = 'page' }: Pick<PagerProps, 'pathname' | 'query' | 'pageParam'>,
  page: number,
) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && k !== pageParam) q.set(k, v)
  if (page > 1) q.set(pageParam, String(page))
  const s = q.toString()
  return s ? `${pathname}?${s}` : pathname
}

/** Server-side pagination from GitLab's X-Page / X-Total-Pages / X-Next-Page headers. */
export function Pager(props: PagerProps) {
  const { page, prevPage, nextPage, totalPages, total } = props.info
  if (!prevPage && !nextPage && page <= 1) return null
  return (
    <nav className="pager" aria-label="Pagination" data-testid="pager">
      {prevPage ? (
        <Link href={pagerHref(props, prevPage)} rel="prev" data-testid="pager-prev">
          ← Previous
        </Link>
      ) : (
        <span className="disabled">← Previous</span>
      )}
      <span data-testid="pager-status">
        Page {page}
        {totalPages ? ` of ${totalPages}` : ''}
        {total !== null ? ` · ${total} total` : ''}
      </span>
      {nextPage ? (
        <Link href={pagerHref(props, nextPage)} rel="next" data-testid="pager-next">
          Next →
        </Link>
      ) : (
        <span className="disabled">Next →</span>
      )}
    </nav>
  )
}
