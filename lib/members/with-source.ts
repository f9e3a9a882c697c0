// The console's members list with each row's source: GitLab's members page shows inherited members
// with "Inherited from <group>" and filters Direct / Inherited / All (its `with_inherited_permissions`),
// but its REST Entities::Member has no source, so neither has ours. This console-side finder makes
// the same read check as GET /:kind/:id/members(/all), lists through the same service, and resolves
// the source groups of a page's inherited rows in one more query (no N+1).
import type { OffsetPage, PageWindow } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { namespacesByIds } from '../groups/namespaces'
import { memberEntity } from './entity'
import type { ListMembersParams, MemberJson } from './schema'
import { listAllMembers, listDirectMembers } from './service'
import { readableSource, type SourceKind } from './source'

export const MEMBERSHIP_FILTERS = ['all', 'direct', 'inherited'] as const
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number]

/** The ancestor group a membership is inherited from (absent on direct rows). */
export interface InheritedFrom {
  id: number
  name: string
  full_name: string
  full_path: string
}

export interface MemberWithSource {
  member: MemberJson
  /** A membership of the page's own group or project: editable there. */
  direct: boolean
  inheritedFrom: InheritedFrom | null
}

export async function listMembersWithSource(
  actor: Actor | null,
  kind: SourceKind,
  id: string,
  filter: MembershipFilter,
  params: Omit<ListMembersParams, 'id'>,
  window: PageWindow,
): Promise<OffsetPage<MemberWithSource>> {
  const source = await readableSource(actor, kind, id)
  const query = { ...params, id }
  const page =
    filter === 'direct'
      ? await listDirectMembers(source, query, window)
      : await listAllMembers(source, query, window, filter)
  const direct = (m: (typeof page.items)[number]) => m.sourceType === source.sourceType && m.sourceId === source.id
  const groups = await namespacesByIds([...new Set(page.items.filter((m) => !direct(m)).map((m) => m.sourceId))])
  const byId = new Map(
    groups.map((g) => [g.id, { id: g.id, name: g.name, full_name: g.fullName, full_path: g.fullPath }]),
  )
  const admin = !!actor?.user.admin
  return {
    ...page,
    items: page.items.map((m) => ({
      member: memberEntity(m, admin),
      direct: direct(m),
      inheritedFrom: direct(m) ? null : (byId.get(m.sourceId) ?? null),
    })),
  }
}
