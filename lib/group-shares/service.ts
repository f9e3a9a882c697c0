// Sharing a group with another group (GitLab's Groups::GroupLinks::CreateService/DestroyService):
// an Owner of the shared group invites a group they can see; with the root's
// prevent_sharing_groups_outside_hierarchy on, only groups of the same hierarchy. Members of the
// invited group (and of its ancestors) then reach the shared group's tree at min(own, group_access).
import { ApiError, conflict, forbidden, notFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findManyFast, firstExpiry, generationCache, getDb, uniqueAs } from '../db'
import type { Namespace } from '../db'
import { findGroup, groupSubject } from '../groups/find'
import { groupSettings } from '../groups/settings'
import type { SharedWithGroupJson } from '../groups/schema'
import type { ShareGroupParams } from './schema'
import { namespaceRow, namespacesByIds } from '../groups/namespaces'
import { isoDayOrNull } from '../api/time'
import { rootNamespaceId } from '../util/traversal-ids'

async function requireOwner(actor: Actor, group: Namespace) {
  if (!(await can(actor, 'admin_group_member', groupSubject(group)))) throw forbidden()
}

async function rootOf(group: Namespace): Promise<Namespace | null> {
  const rootId = rootNamespaceId(group.traversalIds)
  if (rootId === group.id) return group
  return namespaceRow(rootId)
}

export async function shareGroup(actor: Actor, group: Namespace, params: ShareGroupParams) {
  await requireOwner(actor, group)
  const invited = await findGroup(actor, String(params.group_id))
  const root = await rootOf(group)
  const outside = rootNamespaceId(invited.traversalIds) !== rootNamespaceId(group.traversalIds)
  // GitLab answers the service's 'Not Found' when sharing is not allowed.
  if (outside && root && groupSettings(root).prevent_sharing_groups_outside_hierarchy)
    throw new ApiError(404, { message: 'Not Found' })
  if (invited.id === group.id) throw conflict('Shared group cannot be shared with itself')
  const db = await getDb()
  await db.groupGroupLink
    .create({
      data: {
        sharedGroupId: group.id,
        sharedWithGroupId: invited.id,
        groupAccess: params.group_access,
        expiresAt: params.expires_at ?? null,
      },
    })
    .catch(uniqueAs(() => conflict('Shared group The group has already been shared with this group')))
}

export async function unshareGroup(actor: Actor, group: Namespace, invitedId: number) {
  await requireOwner(actor, group)
  const db = await getDb()
  const { count } = await db.groupGroupLink.deleteMany({
    where: { sharedGroupId: group.id, sharedWithGroupId: invitedId },
  })
  if (!count) throw notFound()
}

/** A group is shared with few groups; the bound is only there because a statement needs one. */
const MAX_LINKS = 100_000

// Kept for the write generation and until the first link expires: every group page asks, nearly
// always for none.
const sharedWithOf = generationCache<number, SharedWithGroups>('group-shares.shared-with')

export interface SharedWithGroups {
  entries: SharedWithGroupJson[]
  /** When the first of these links expires (ms; Infinity: none will): the list differs from then on. */
  until: number
}

/**
 * GroupDetail's `shared_with_groups`: the groups this group is shared with (unexpired), with the
 * moment that list stops being true, for callers that keep it.
 */
export function sharedWithGroupsUntil(groupId: number): Promise<SharedWithGroups> {
  return sharedWithOf.read(
    groupId,
    () => readSharedWith(groupId),
    (shared) => shared.until,
  )
}

async function readSharedWith(groupId: number): Promise<SharedWithGroups> {
  const links = await findManyFast('GroupGroupLink', {
    where: { sharedGroupId: groupId, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { id: 'asc' },
    take: MAX_LINKS,
  })
  const groups = links.length ? await namespacesByIds(links.map((l) => l.sharedWithGroupId)) : []
  const byId = new Map(groups.map((g) => [g.id, g]))
  const entries = links.flatMap((l) => {
    const g = byId.get(l.sharedWithGroupId)
    if (!g) return []
    return [
      {
        group_id: l.sharedWithGroupId,
        group_name: g.name,
        group_full_path: g.fullPath,
        group_access_level: l.groupAccess,
        expires_at: isoDayOrNull(l.expiresAt),
      },
    ]
  })
  return { entries, until: firstExpiry(links.map((l) => l.expiresAt)) }
}
