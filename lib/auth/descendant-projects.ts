// GitLab's GroupPolicy `has_projects`: whoever can see a project somewhere in a group's tree may read
// the group (its name and path: `can_read_group_member?` still hides a private group's members from
// a non-member), so a member of one project inside a private group is not told the group does not
// exist.
import type { Actor } from './actor'
import type { GroupSubject } from './policy'
import { membershipsOf } from './memberships'
import { visibleProjectsWhere } from './visibility-filters'
import { generationCache, getDb, prefixRange, readyDb } from '../db'
import { ancestorIds } from '../util/traversal-ids'

// Kept with the moment the memberships it was read from stop holding (an expiring membership).
const seen = generationCache<string, { value: boolean; until: number }>('auth.group-has-visible-project')

/** Whether the actor can see any project in the group or its subgroups (one indexed query, kept exact). */
export async function seesProjectIn(actor: Actor | null, group: GroupSubject): Promise<boolean> {
  const key = `${actor?.user.id ?? 0}:${group.id}:${group.traversalIds}`
  const kept = await seen.read(
    key,
    async () => {
      const until = actor ? (await membershipsOf(actor.user.id)).until : Infinity
      const db = readyDb() ?? (await getDb())
      const project = await db.project.findFirst({
        where: { AND: [{ traversalIds: prefixRange(group.traversalIds) }, await visibleProjectsWhere(actor)] },
        select: { id: true },
      })
      return { value: project !== null, until }
    },
    (k) => k.until,
  )
  return kept.value
}

/**
 * Which of these groups the actor reads through a project somewhere down their tree: one query for
 * a whole list (the epics of a group and its subgroups), where seesProjectIn would be one per group.
 */
export async function groupsSeenThroughProjects(
  actor: Actor | null,
  groups: readonly GroupSubject[],
): Promise<Set<number>> {
  const [first, ...rest] = groups.map((g) => ancestorIds(g.traversalIds))
  if (!first) return new Set()
  // The deepest group above them all: one prefix scan covers every group asked about.
  let depth = 0
  while (depth < first.length && rest.every((p) => p[depth] === first[depth])) depth++
  if (!depth) return new Set()
  const common = first.slice(0, depth)
  const db = readyDb() ?? (await getDb())
  const rows = await db.project.findMany({
    where: { AND: [{ traversalIds: prefixRange(`${common.join('/')}/`) }, await visibleProjectsWhere(actor)] },
    select: { traversalIds: true },
    distinct: ['traversalIds'],
  })
  const seen = new Set<number>()
  for (const r of rows) for (const id of ancestorIds(r.traversalIds)) seen.add(id)
  return new Set(groups.filter((g) => seen.has(g.id)).map((g) => g.id))
}
