// What an actor may list, as Prisma `where` fragments, so lists filter and page in SQL.
// Mirrors policy.ts: public to all, internal to signed-in non-external users, private to members
// (directly or through an ancestor group) and administrators.
import { prefixRange, type Prisma } from '../db'
import type { Actor } from './actor'
import { membershipAncestorIds, membershipsOf } from './memberships'

function openTo(actor: Actor | null): string[] {
  if (!actor) return ['public']
  return actor.user.external ? ['public'] : ['public', 'internal']
}

/**
 * Namespaces (groups) the actor is a member of, directly or through an ancestor; without a minimum
 * level also the groups above them and above the actor's projects (membershipAncestorIds).
 */
export async function memberGroupsWhere(actor: Actor, minLevel = 0): Promise<Prisma.NamespaceWhereInput> {
  const m = await membershipsOf(actor.user.id)
  const or: Prisma.NamespaceWhereInput[] = [...m.namespaces.entries()]
    .filter(([, level]) => level >= minLevel)
    .map(([id]) => m.namespacePaths.get(id))
    .filter((t): t is string => !!t)
    .map((t) => ({ traversalIds: prefixRange(t) }))
  if (minLevel === 0) {
    const above = await membershipAncestorIds(actor.user.id)
    if (above.length) or.push({ id: { in: [...above] } })
  }
  if (!or.length) return { id: -1 }
  return { kind: 'group', OR: or }
}

export async function visibleGroupsWhere(actor: Actor | null): Promise<Prisma.NamespaceWhereInput> {
  if (actor?.user.admin) return { kind: 'group' }
  const or: Prisma.NamespaceWhereInput[] = [{ visibility: { in: openTo(actor) } }]
  if (actor) or.push(await memberGroupsWhere(actor))
  return { kind: 'group', OR: or }
}

/** Projects the actor is a member of: directly, through an ancestor group, or in their namespace. */
export async function memberProjectsWhere(actor: Actor, minLevel = 0): Promise<Prisma.ProjectWhereInput> {
  const m = await membershipsOf(actor.user.id)
  const or: Prisma.ProjectWhereInput[] = []
  const direct = [...m.projects.entries()].filter(([, l]) => l >= minLevel).map(([id]) => id)
  if (direct.length) or.push({ id: { in: direct } })
  for (const [id, level] of m.namespaces) {
    const t = m.namespacePaths.get(id)
    if (t && level >= minLevel) or.push({ traversalIds: prefixRange(t) })
  }
  if (m.personalNamespaceId !== null) or.push({ namespaceId: m.personalNamespaceId })
  return or.length ? { OR: or } : { id: -1 }
}

export async function visibleProjectsWhere(actor: Actor | null): Promise<Prisma.ProjectWhereInput> {
  if (actor?.user.admin) return {}
  const or: Prisma.ProjectWhereInput[] = [{ visibility: { in: openTo(actor) } }]
  if (actor) or.push(await memberProjectsWhere(actor))
  return { OR: or }
}
