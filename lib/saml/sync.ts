// Applies a SAML sign-in to memberships in one transaction: keeps the user's identity in the
// top-level group, then the changes plan.ts decides for every linked group of the tree.
// It writes Member rows itself (not through the members service): GitLab's sync is not an actor's
// membership change (no grant checks), and everything must commit or fail together.
import type { z } from 'zod'
import { ApiError, badRequest, notFound } from '../api/errors'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { forgetMemberships } from '../auth/memberships'
import { ancestorIds } from '../auth/policy'
import { getDb, isUniqueViolation, type Db } from '../db'
import type { Namespace } from '../db'
import { externUidTaken, SAML_PROVIDER } from './identities'
import { planSync, type Change } from './plan'
import type { samlSyncSummarySchema } from './schema'
import { userById } from '../users/find'

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
  const where = { groupId_userId: { groupId: root.id, userId: input.userId } }
  if (input.externUid === undefined) {
    if (!(await tx.identity.findUnique({ where }))) throw badRequest('the user has no SAML identity in this group; send extern_uid')
    return
  }
  const externUid = input.externUid.trim()
  if (!externUid) throw new ApiError(400, { message: "Extern uid can't be blank" })
  try {
    await tx.identity.upsert({ where, create: { groupId: root.id, userId: input.userId, provider: SAML_PROVIDER, externUid }, update: { externUid } })
  } catch (e) {
    // Another user holds this extern_uid; rethrowing rolls the whole sync back.
    if (isUniqueViolation(e)) throw externUidTaken()
    throw e
  }
}

/** Linked groups (of `owned`) where no one but the user is an owner, directly or above. */
async function lastOwnerGroups(tx: Tx, userId: number, owned: { id: number; traversalIds: string }[]): Promise<Set<number>> {
  if (!owned.length) return new Set()
  const scope = [...new Set(owned.flatMap((g) => ancestorIds(g.traversalIds)))]
  const others = await tx.member.findMany({
    where: { sourceType: 'Namespace', sourceId: { in: scope }, accessLevel: ACCESS.OWNER, userId: { not: userId }, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { sourceId: true },
    distinct: ['sourceId'],
  })
  const withOwner = new Set(others.map((o) => o.sourceId))
  return new Set(owned.filter((g) => !ancestorIds(g.traversalIds).some((id) => withOwner.has(id))).map((g) => g.id))
}

async function apply(tx: Tx, actor: Actor, userId: number, changes: Change[]): Promise<SyncSummary> {
  const summary: SyncSummary = { added: [], updated: [], removed: [], kept_last_owner: [] }
  const key = (groupId: number) => ({ sourceType_sourceId_userId: { sourceType: 'Namespace', sourceId: groupId, userId } })
  for (const c of changes) {
    if (c.kind === 'add') {
      // An expired row may still hold the (source, user) key: it is revived at the granted level.
      await tx.member.upsert({
        where: key(c.groupId),
        create: { sourceType: 'Namespace', sourceId: c.groupId, userId, accessLevel: c.to, createdById: actor.user.id },
        update: { accessLevel: c.to, expiresAt: null },
      })
      summary.added.push({ group_id: c.groupId, access_level: c.to })
    } else if (c.kind === 'update') {
      await tx.member.update({ where: key(c.groupId), data: { accessLevel: c.to } })
      summary.updated.push({ group_id: c.groupId, access_level: c.to, previous_access_level: c.from })
    } else if (c.kind === 'remove') {
      await tx.member.delete({ where: key(c.groupId) })
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
    const tree = await tx.namespace.findMany({ where: { kind: 'group', traversalIds: { startsWith: root.traversalIds } }, select: { id: true, traversalIds: true } })
    const links = await tx.samlGroupLink.findMany({ where: { groupId: { in: tree.map((g) => g.id) } } })
    const linked = [...new Set(links.map((l) => l.groupId))]
    const members = await tx.member.findMany({
      where: { sourceType: 'Namespace', sourceId: { in: linked }, userId: input.userId, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      select: { sourceId: true, accessLevel: true },
    })
    const current = new Map(members.map((m) => [m.sourceId, m.accessLevel]))
    const owned = tree.filter((g) => current.get(g.id) === ACCESS.OWNER)
    const changes = planSync(links, { groups: input.groups, provider: input.provider }, current, await lastOwnerGroups(tx, input.userId, owned))
    return apply(tx, actor, input.userId, changes)
  })
  forgetMemberships(input.userId)
  return summary
}
