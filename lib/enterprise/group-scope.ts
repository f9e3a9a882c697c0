// The group the credential-management endpoints act on: a top-level group whose Owner calls, and
// the ids of everything in its tree (bots belong to a group or a project somewhere below it).
import { badRequest, forbidden } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import type { Namespace } from '../db'
import { findGroup, groupSubject } from '../groups/find'
import { namespaceIdsInTree } from '../groups/tree-ids'
import { projectIdsInTree } from '../projects/tree-ids'
import type { TreeIds } from '../users/credential-holders'

/**
 * `onSubgroup`: tokens/revoke answers 400 "Must be a top-level group" before the owner check;
 * the manage endpoints have no ability on subgroups at all (403).
 */
export async function ownedTopLevelGroup(
  actor: Actor,
  id: string,
  onSubgroup: 'bad_request' | 'forbidden',
): Promise<Namespace> {
  const group = await findGroup(actor, id)
  if (group.parentId !== null && onSubgroup === 'bad_request') throw badRequest('Must be a top-level group')
  if (!(await can(actor, 'admin_group', groupSubject(group)))) throw forbidden()
  if (group.parentId !== null) throw forbidden()
  return group
}

export async function groupTree(group: Namespace): Promise<TreeIds> {
  const [namespaceIds, projectIds] = await Promise.all([namespaceIdsInTree(group), projectIdsInTree(group)])
  return { namespaceIds, projectIds }
}
