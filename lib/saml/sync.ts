// Applies a SAML sign-in to memberships in one transaction: keeps the user's identity in the
// top-level group, then the changes plan.ts decides for every linked group of the tree.
// Memberships change through lib/members's row functions (members/rows.ts), not its service:
// GitLab's sync is not an actor's membership change (no grant checks), and everything must
// commit or fail together, so each runs in this transaction.
import type { z } from 'zod'
import { badRequest, notFound } from '../api/errors'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { getDb, type Db } from '../db'
import type { Namespace } from '../db'
import { blankExternUid, SAML_PROVIDER } from './identities'
import { planSync, type Change } from './plan'
import type { samlSyncSummarySchema } from './schema'
import { groupsInTree } from '../groups/namespaces'
import {
  deleteMembership,
  groupLevelsOf,
  groupsWithOtherMemberAt,
  putMembership,
  setMembershipLevel,
} from '../members/rows'
import { userById } from '../users/find'
import { hasGroupIdentity, putGroupIdentity } from '../users/identities'
import { ancestorIds } from '../util/traversal-ids'

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]

export interface SyncInput {
  userId: number
  externUid?: string
  groups: readonly string[]
  provider?: string
}

/** kept_last_owner: linked groups where the change would have taken away the last owner. */
export type SyncSummary = z.infer<typeof samlSyncSummarySchema>

async function keepIdentity(tx: Tx, root: Namespace, input: SyncInput): Promise<void> {
  if (input.externUid === undefined) {
    if (!(await hasGroupIdentity(tx, root.id, input.userId)))
      throw badRequest('the user has no SAML identity in this group; send extern_uid')
    return
  }
  const externUid = input.externUid.trim()
  if (!externUid) throw blankExternUid()
  // Another user holding this extern_uid is a 400 that rolls the whole sync back.
  await putGroupIdentity(tx, { groupId: root.id, userId: input.userId, provider: SAML_PROVIDER, externUid })
}

/** Linked groups (of `owned`) where no one but the user is an owner, directly or above. */
async function lastOwnerGroups(
  tx: Tx,
  userId: number,
  owned: { id: number; traversalIds: string }[],
): Promise<Set<number>> {
  if (!owned.length) return new Set()
  const scope = [...new Set(owned.flatMap((g) => ancestorIds(g.traversalIds)))]
  const withOwner = await groupsWithOtherMemberAt(tx, scope, ACCESS.OWNER, userId)
  return new Set(owned.filter((g) => !ancestorIds(g.traversalIds).some((id) => withOwner.has(id))).map((g) => g.id))
}

async function apply(tx: Tx, actor: Actor, userId: number, changes: Change[]): Promise<SyncSummary> {
  const summary: SyncSummary = { added: [], updated: [], removed: [], kept_last_owner: [] }
  for (const c of changes) {
    if (c.kind === 'add') {
      // An expired row may still hold the (source, user) key: it is revived at the granted level.
      await putMembership(tx, {
        sourceType: 'Namespace',
        sourceId: c.groupId,
        userId,
        accessLevel: c.to,
        createdById: actor.user.id,
      })
      summary.added.push({ group_id: c.groupId, access_level: c.to })
    } else if (c.kind === 'update') {
      await setMembershipLevel(tx, 'Namespace', c.groupId, userId, c.to)
      summary.updated.push({ group_id: c.groupId, access_level: c.to, previous_access_level: c.from })
    } else if (c.kind === 'remove') {
      await deleteMembership(tx, 'Namespace', c.groupId, userId)
      summary.removed.push({ group_id: c.groupId, previous_access_level: c.from })
    } else summary.kept_last_owner.push({ group_id: c.groupId, access_level: c.from })
  }
  return summary
}

/** `root` must be the top-level group whose SAML provider made the assertion. */
export async function syncSamlUser(actor: Actor, root: Namespace, input: SyncInput): Promise<SyncSummary> {
  const db = await getDb()
  if (!(await userById(input.userId))) throw notFound('User')
  const summary = await db.$transaction(async (tx) => {
    await keepIdentity(tx, root, input)
    const tree = await groupsInTree(tx, root.traversalIds)
    const links = await tx.samlGroupLink.findMany({ where: { groupId: { in: tree.map((g) => g.id) } } })
    const current = await groupLevelsOf(tx, input.userId, [...new Set(links.map((l) => l.groupId))])
    const owned = tree.filter((g) => current.get(g.id) === ACCESS.OWNER)
    const changes = planSync(
      links,
      { groups: input.groups, provider: input.provider },
      current,
      await lastOwnerGroups(tx, input.userId, owned),
    )
    return apply(tx, actor, input.userId, changes)
  })
  return summary
}
