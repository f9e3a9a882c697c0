// GitLab's pagination headers turned into what the DataTable pager needs. Pure: shared by server
// pages and (as a type) by client components.
export interface PageInfo {
  page: number
  perPage: number | null
  nextPage: number | null
  prevPage: number | null
  /** Absent above GitLab's count limit. */
  totalPages: number | null
  total: number | null
}

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null)

export function pageInfoFrom(headers: Headers): PageInfo {
  return {
    page: num(headers.get('x-page')) ?? 1,
    perPage: num(headers.get('x-per-page')),
    nextPage: num(headers.get('x-next-page')),
    prevPage: num(headers.get('x-prev-page')),
    totalPages: num(headers.get('x-total-pages')),
    total: num(headers.get('x-total')),
  }
}
