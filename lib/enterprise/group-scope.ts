// The group the credential-management endpoints act on: a top-level group whose Owner calls, and
// the ids of everything in its tree (bots belong to a group or a project somewhere below it).
import { badRequest, forbidden } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { getDb, type Prisma } from '../db'
import type { Namespace } from '../db'
import { findGroup, groupSubject } from '../groups/find'

/**
 * `onSubgroup`: tokens/revoke answers 400 "Must be a top-level group" before the owner check;
 * the manage endpoints have no ability on subgroups at all (403).
 */
export async function ownedTopLevelGroup(actor: Actor, id: string, onSubgroup: 'bad_request' | 'forbidden'): Promise<Namespace> {
  const group = await findGroup(actor, id)
  if (group.parentId !== null && onSubgroup === 'bad_request') throw badRequest('Must be a top-level group')
  if (!(await can(actor, 'admin_group', groupSubject(group)))) throw forbidden()
  if (group.parentId !== null) throw forbidden()
  return group
}

export interface GroupTree {
  namespaceIds: number[]
  projectIds: number[]
}

export async function groupTree(group: Namespace): Promise<GroupTree> {
  const db = await getDb()
  const [namespaces, projects] = await Promise.all([
    db.namespace.findMany({ where: { traversalIds: { startsWith: group.traversalIds } }, select: { id: true } }),
    db.project.findMany({ where: { traversalIds: { startsWith: group.traversalIds } }, select: { id: true } }),
  ])
  return { namespaceIds: namespaces.map((n) => n.id), projectIds: projects.map((p) => p.id) }
}

/** Bot users of group/project access tokens anywhere in the tree. */
export const botsIn = (tree: GroupTree): Prisma.UserWhereInput => ({
  bot: true,
  OR: [
    { botResourceType: 'Namespace', botResourceId: { in: tree.namespaceIds } },
    { botResourceType: 'Project', botResourceId: { in: tree.projectIds } },
  ],
})

/** Direct memberships of a group or project in the tree (GitLab's user_has_group_membership?). */
export const membershipIn = (tree: GroupTree): Prisma.MemberWhereInput => ({
  OR: [
    { sourceType: 'Namespace', sourceId: { in: tree.namespaceIds } },
    { sourceType: 'Project', sourceId: { in: tree.projectIds } },
  ],
})
