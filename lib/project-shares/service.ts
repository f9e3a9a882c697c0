// Sharing a project with a group (GitLab's Projects::GroupLinks::CreateService/DestroyService):
// Maintainers share with a group they can see through membership (admins with any); never with
// the project's own group or its ancestors; once per group. Members of the group (and of its
// ancestors, membership being inherited) then reach the project at min(their level, group_access).
import { ApiError, conflict, notFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { membershipsOf } from '../auth/memberships'
import { findManyFast, firstExpiry, generationCache, getDb, uniqueAs } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { namespaceRow } from '../groups/namespaces'
import { shareWithGroupLocked } from '../groups/share-lock'
import { retireProjectJson } from '../projects/touch'
import type { ShareParams } from './schema'
import { ancestorIds } from '../util/traversal-ids'

async function mayShareWith(actor: Actor, traversalIds: string): Promise<boolean> {
  if (actor.user.admin) return true
  // GitLab's :read_namespace_via_membership: the sharer belongs to the group or an ancestor.
  const m = await membershipsOf(actor.user.id)
  return ancestorIds(traversalIds).some((id) => m.namespaces.has(id))
}

/** GitLab's share_with_group_lock: set on the project's group or any group above it, no project there may be shared. */
async function sharingLocked(project: ProjectWithNamespace): Promise<boolean> {
  if (project.namespace.kind !== 'group') return false
  return shareWithGroupLocked(ancestorIds(project.namespace.traversalIds))
}

export async function shareProject(actor: Actor, project: ProjectWithNamespace, params: ShareParams) {
  if (await sharingLocked(project)) throw new ApiError(400, { message: 'The project sharing with group is disabled' })
  const db = await getDb()
  const found = await namespaceRow(params.group_id)
  const group = found?.kind === 'group' ? found : null
  if (!group || !(await mayShareWith(actor, group.traversalIds))) throw notFound('Group')
  if (ancestorIds(project.namespace.traversalIds).includes(group.id))
    throw conflict('Project cannot be shared with the group it is in or one of its ancestors.')
  return db
    .$transaction(async (tx) => {
      const created = await tx.projectGroupLink.create({
        data: {
          projectId: project.id,
          groupId: group.id,
          groupAccess: params.group_access,
          expiresAt: params.expires_at ?? null,
        },
      })
      // The project's cached JSON carries shared_with_groups.
      await retireProjectJson(tx, project.id)
      return created
    })
    .catch(uniqueAs(() => conflict('Group already shared with this group')))
}

export async function unshareProject(project: ProjectWithNamespace, groupId: number): Promise<void> {
  const db = await getDb()
  const link = await db.projectGroupLink.findUnique({
    where: { projectId_groupId: { projectId: project.id, groupId } },
  })
  if (!link) throw notFound('Group Link')
  await db.$transaction([db.projectGroupLink.delete({ where: { id: link.id } }), retireProjectJson(db, project.id)])
}

/** Links of several projects with their groups, in one query (for shared_with_groups). */
export async function linksOf(projectIds: number[]) {
  if (!projectIds.length) return []
  const db = await getDb()
  const now = new Date()
  return db.projectGroupLink.findMany({
    where: { projectId: { in: projectIds }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    include: { group: true },
    orderBy: { id: 'asc' },
  })
}

/** Ids of the projects shared with a group through an unexpired link (served by the (groupId, projectId) index). */
const sharedLinksOf = generationCache<number, { ids: number[]; until: number }>('project-shares.ids-of-group')

export async function projectIdsSharedWithGroup(groupId: number): Promise<number[]> {
  const shared = await sharedLinksOf.read(
    groupId,
    async () => {
      const links = await findManyFast('ProjectGroupLink', {
        select: ['projectId', 'expiresAt'],
        where: { groupId, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
        orderBy: { projectId: 'asc' },
        // Every link of the group: the bound is only there because a statement needs one.
        take: 1_000_000,
      })
      return { ids: links.map((l) => l.projectId), until: firstExpiry(links.map((l) => l.expiresAt)) }
    },
    (links) => links.until,
  )
  return shared.ids
}
