// The members page's list with each row's source (lib/members/with-source.ts: console-only, as
// GitLab's REST entity has no source), shaped like apiList's result and read as the API's actor.
import { isApiError } from '../api/errors'
import { pageWindow, paginationHeaders } from '../api/pagination'
import { listMembersWithSource, type MembershipFilter, type MemberWithSource } from '../members/with-source'
import type { ListResult } from './api'
import { pageInfoFrom } from './pagination'
import { apiActor } from './session'
import type { SourceRef } from './source'

export type { InheritedFrom, MembershipFilter, MemberWithSource } from '../members/with-source'
export { MEMBERSHIP_FILTERS } from '../members/with-source'

export async function membersWithSource(
  source: SourceRef,
  filter: MembershipFilter,
  params: { query?: string; page?: number; per_page?: number },
): Promise<ListResult<MemberWithSource>> {
  const kind = source.kind === 'group' ? 'groups' : 'projects'
  try {
    const page = await listMembersWithSource(
      await apiActor(),
      kind,
      String(source.id),
      filter,
      { query: params.query },
      pageWindow(params),
    )
    // The same pager state the API's X-* headers would give.
    return {
      ok: true,
      status: 200,
      items: page.items,
      pageInfo: pageInfoFrom(new Headers(paginationHeaders(page, '', {}))),
      error: null,
    }
  } catch (e) {
    if (!isApiError(e)) throw e
    return { ok: false, status: e.status, items: [], pageInfo: pageInfoFrom(new Headers()), error: e.body }
  }
}
