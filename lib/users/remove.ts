// DELETE /users/:id (GitLab's Users::DestroyService and MigrateRecordsToGhostUserService), in one
// transaction rather than GitLab's background migration: the answer is still 204, and the user is
// gone when it arrives. What they authored stays with the ghost user (or goes, with hard_delete,
// as the schema's @user comments say); their personal namespace and its projects are deleted, and
// so are the groups they own alone when hard_delete allows it.
import { conflict, forbidden, notFound } from '../api/errors'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma } from '../db'
import { deleteSubjectRows } from '../db/polymorphic-cleanup'
import { releaseUserRows } from '../db/user-references'
import { removeAvatarFile } from '../groups/avatar'
import { namespacesByIds } from '../groups/namespaces'
import { deleteNamespaceTreeIn, deletePersonalNamespaceIn } from '../groups/remove'
import { groupIdsWhereUserIs, groupMembersAt } from '../members/rows'
import { ghostUserIn } from './ghost'
import { keepAnAdministrator, lastAdminError } from './state'
import { ancestorIds } from '../util/traversal-ids'

type Tx = Prisma.TransactionClient

/**
 * GitLab's solo_owned_groups: groups where the user is a direct Owner and nobody else, active and
 * human, owns the group or one of its ancestors (an owner above inherits ownership).
 */
async function soloOwnedGroups(tx: Tx, userId: number): Promise<{ id: number; traversalIds: string }[]> {
  const owned = await namespacesByIds(await groupIdsWhereUserIs(tx, userId, ACCESS.OWNER), tx)
  if (!owned.length) return []
  const chainIds = [...new Set(owned.flatMap((g) => ancestorIds(g.traversalIds)))]
  const owners = (await groupMembersAt(tx, chainIds, ACCESS.OWNER)).filter((m) => m.userId !== userId)
  const humans = await tx.user.findMany({
    where: { id: { in: [...new Set(owners.map((m) => m.userId))] }, bot: false, state: 'active' },
    select: { id: true },
  })
  const eligible = new Set(humans.map((u) => u.id))
  const ownedByOthers = new Set(owners.filter((m) => eligible.has(m.userId)).map((m) => m.sourceId))
  return owned.filter((g) => !ancestorIds(g.traversalIds).some((id) => ownedByOthers.has(id)))
}

/** Deletes the groups' trees, outermost first (a group inside one already deleted went with it); returns avatar paths. */
async function deleteGroupsIn(tx: Tx, groups: { traversalIds: string }[]): Promise<(string | null)[]> {
  const avatars: (string | null)[] = []
  const done: string[] = []
  for (const g of [...groups].sort((a, b) => a.traversalIds.length - b.traversalIds.length)) {
    if (done.some((root) => g.traversalIds.startsWith(root))) continue
    avatars.push(...(await deleteNamespaceTreeIn(tx, g)))
    done.push(g.traversalIds)
  }
  return avatars
}

export async function deleteUser(actor: Actor, id: number, hardDelete: boolean): Promise<void> {
  const db = await getDb()
  const user = await db.user.findUnique({ where: { id } })
  if (!user) throw notFound('User')
  if (actor.user.id === user.id) throw forbidden('The API initiating user cannot be deleted by the API')
  if (user.ghost) throw forbidden() // "This user cannot be removed."
  const avatars = await db.$transaction(async (tx) => {
    const solo = await soloOwnedGroups(tx, user.id)
    if (solo.length && !hardDelete) throw conflict('User cannot be removed while is the sole-owner of a group')
    if (user.admin && user.state === 'active' && !user.bot)
      await keepAnAdministrator(tx, user.id, lastAdminError('deleted'))
    const removed = [...(await deleteGroupsIn(tx, solo)), ...(await deletePersonalNamespaceIn(tx, user.id))]
    await releaseUserRows(tx, user.id, hardDelete ? null : (await ghostUserIn(tx)).id)
    await deleteSubjectRows(tx, [], [], [user.id])
    // Tokens, SSH keys, identities, memberships and the like go with the row (foreign keys cascade).
    await tx.user.delete({ where: { id: user.id } })
    return removed
  })
  for (const path of avatars) await removeAvatarFile(path)
}
