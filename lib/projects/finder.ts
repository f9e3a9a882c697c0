// Project lists (GET /projects, GET /groups/:id/projects): filters, order and paging in SQL. They
// return the rows' keys; present.ts turns them into (cached) entities.
import { ApiError } from '../api/errors'
import { keysetPage, offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { memberProjectsWhere, visibleProjectsWhere } from '../auth/visibility-filters'
import { ACCESS } from '../auth/access-levels'
import { containsInsensitive, findManyKept, prefixRange, type Prisma } from '../db'
import type { ManyArgs } from '../db/fast-read'
import type { Namespace } from '../db'
import type { GroupProjectsParams, ListProjectsParams } from './schema'
import { PROJECT_KEY_COLUMNS, type ProjectKey } from './present'
import { projectIdsSharedWithGroup } from '../project-shares/service'

/** GitLab's plan limit for offset pagination of resources that also offer keyset. */
export const OFFSET_LIMIT = 50_000
const FIELD = {
  id: 'id',
  name: 'name',
  path: 'path',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  last_activity_at: 'lastActivityAt',
} as const

function order(orderBy: keyof typeof FIELD, dir: 'asc' | 'desc'): Prisma.ProjectOrderByWithRelationInput[] {
  const f = FIELD[orderBy]
  return f === 'id' ? [{ id: dir }] : [{ [f]: dir }, { id: dir }]
}

async function commonFilters(
  actor: Actor | null,
  params: Omit<ListProjectsParams, 'membership' | 'id_after' | 'id_before' | 'order_by'>,
) {
  const and: Prisma.ProjectWhereInput[] = [await visibleProjectsWhere(actor)]
  if (actor && params.owned) {
    // GitLab's `owned`: projects in the user's namespace or where they have the Owner role.
    and.push(await memberProjectsWhere(actor, ACCESS.OWNER))
  }
  if (actor && params.min_access_level !== undefined)
    and.push(await memberProjectsWhere(actor, params.min_access_level))
  if (params.visibility) and.push({ visibility: params.visibility })
  if (params.archived !== undefined) and.push({ archived: params.archived })
  if (params.search)
    and.push({ OR: [{ name: containsInsensitive(params.search) }, { path: containsInsensitive(params.search) }] })
  return and
}

function offsetCeiling(window: PageWindow) {
  if (window.page * window.perPage > OFFSET_LIMIT)
    throw new ApiError(405, {
      error: `Offset pagination has a maximum allowed offset of ${OFFSET_LIMIT} for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.`,
    })
}

async function page(
  where: Prisma.ProjectWhereInput,
  orderBy: Prisma.ProjectOrderByWithRelationInput[],
  window: PageWindow,
) {
  offsetCeiling(window)
  return offsetList(
    'project',
    where,
    window,
    findManyKept('Project', {
      select: PROJECT_KEY_COLUMNS,
      where,
      orderBy: orderBy as ManyArgs['orderBy'],
      skip: window.skip,
      take: window.take,
    }),
  )
}

export async function listProjects(
  actor: Actor | null,
  params: ListProjectsParams & { pagination?: string },
  window: PageWindow,
) {
  const and = await commonFilters(actor, params)
  if (actor && params.membership) and.push(await memberProjectsWhere(actor))
  const dir = params.sort ?? 'desc'
  if (params.pagination === 'keyset') {
    const orderBy = params.order_by ?? 'id'
    if (orderBy !== 'id')
      throw new ApiError(405, { error: 'Keyset pagination is not yet available for this type of request' })
    if (params.id_after !== undefined) and.push({ id: { gt: params.id_after } })
    if (params.id_before !== undefined) and.push({ id: { lt: params.id_before } })
    const rows = await findManyKept('Project', {
      select: PROJECT_KEY_COLUMNS,
      where: { AND: and },
      orderBy: { id: dir },
      take: window.perPage + 1,
    })
    const items = rows.slice(0, window.perPage)
    const last = items[items.length - 1]
    const more = rows.length > window.perPage && last
    return keysetPage(items, more ? (dir === 'asc' ? { id_after: last.id } : { id_before: last.id }) : null)
  }
  return page({ AND: and }, order(params.order_by ?? 'created_at', dir), window)
}

export interface GroupProjectsScope {
  /** Only the projects shared into the group (GroupDetail's `shared_projects`). */
  sharedOnly?: boolean
}

export async function listGroupProjects(
  actor: Actor | null,
  group: Namespace,
  params: Omit<GroupProjectsParams, 'id'>,
  window: PageWindow,
  scope: GroupProjectsScope = {},
) {
  const and = await commonFilters(actor, params)
  const own: Prisma.ProjectWhereInput = params.include_subgroups
    ? { traversalIds: prefixRange(group.traversalIds) }
    : { namespaceId: group.id }
  // GitLab's with_shared defaults to true: projects shared with the group are listed with its own.
  // Shared projects by id (POST /projects/:id/share links, unexpired): a relation filter made the
  // page an EXISTS over every project, outside fast-read's subset. Without shared projects the
  // filter is the group's own alone, so its (namespaceId, …) indexes serve order and offset;
  // `own OR id IN (…)` cannot use them.
  const sharedIds = scope.sharedOnly || params.with_shared !== false ? await projectIdsSharedWithGroup(group.id) : []
  // Nearly every group shares none: no query for an empty page (offsetCeiling still applies).
  if (scope.sharedOnly && !sharedIds.length) {
    offsetCeiling(window)
    return offsetPage<ProjectKey>([], 0, window)
  }
  if (scope.sharedOnly) and.push({ id: { in: sharedIds } })
  else and.push(sharedIds.length ? { OR: [own, { id: { in: sharedIds } }] } : own)
  // No stars or topics are stored yet: asking for starred projects or a topic matches nothing.
  if (actor && params.starred) and.push({ id: -1 })
  if (params.topic?.trim()) and.push({ id: -1 })
  // GitLab's with_issues_enabled: projects whose issues are not disabled (`private` counts: the
  // members who list them may use it). Merge requests are always on, so that filter keeps all.
  if (params.with_issues_enabled) and.push({ issuesAccessLevel: { not: 'disabled' } })
  return page({ AND: and }, groupProjectOrder(params), window)
}

/** `similarity` orders by name (GitLab without `search`; with it we keep name order too) and ignores `sort`; every star_count is 0. */
function groupProjectOrder(params: Pick<GroupProjectsParams, 'order_by' | 'sort'>) {
  const dir = params.sort ?? 'desc'
  if (params.order_by === 'similarity') return order('name', 'asc')
  if (params.order_by === 'star_count') return order('id', dir)
  return order(params.order_by ?? 'created_at', dir)
}
