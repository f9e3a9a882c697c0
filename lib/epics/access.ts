// Who may do what with a group's epics (GitLab's EpicPolicy on top of GroupPolicy). Reads follow the
// group; confidential epics, creating and editing need Planner or Reporter+; deleting needs Owner or
// exactly Planner (Reporter to Maintainer may edit but not delete). Levels inherit down the tree.
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { membershipsOf } from '../auth/memberships'
import { groupsSeenThroughProjects, seesProjectIn } from '../auth/descendant-projects'
import { allowedAt, decideWithoutLevel, effectiveLevel, type GroupSubject } from '../auth/policy'
import type { Namespace } from '../db'

export interface EpicRights {
  read: boolean
  readConfidential: boolean
  /** create and update (GitLab's create_epic / admin_epic) */
  write: boolean
  destroy: boolean
}

const NONE: EpicRights = { read: false, readConfidential: false, write: false, destroy: false }
const ALL: EpicRights = { read: true, readConfidential: true, write: true, destroy: true }

const subjectOf = (g: Pick<Namespace, 'id' | 'visibility' | 'traversalIds'>): GroupSubject => ({
  type: 'group',
  id: g.id,
  visibility: g.visibility,
  traversalIds: g.traversalIds,
})

/** The rights at a known level (pure: the list decides per group with one memberships lookup). */
export function rightsAt(
  actor: Actor | null,
  level: number,
  group: Pick<Namespace, 'id' | 'visibility' | 'traversalIds'>,
): EpicRights {
  if (actor?.user.admin) return ALL
  const subject = subjectOf(group)
  const read = decideWithoutLevel(actor, 'read_group', subject) ?? allowedAt(level, 'read_group', subject)
  if (!read) return NONE
  const planner = level >= ACCESS.PLANNER
  return { read, readConfidential: planner, write: planner, destroy: level === ACCESS.PLANNER || level >= ACCESS.OWNER }
}

/** The actor's rights on the epics of each group (one memberships lookup for all). */
export async function epicRightsIn(
  actor: Actor | null,
  groups: readonly Namespace[],
): Promise<Map<number, EpicRights>> {
  const m = actor && !actor.user.admin ? await membershipsOf(actor.user.id) : null
  const rights = new Map(
    groups.map((g) => [g.id, rightsAt(actor, m && actor ? effectiveLevel(m, subjectOf(g), actor.user.id) : 0, g)]),
  )
  // EE's EpicPolicy: `has_projects` enables read_epic (a project member reads the epics of the groups above it).
  const unread = groups.filter((g) => !rights.get(g.id)?.read).map(subjectOf)
  const [only] = unread
  const seen =
    unread.length === 1 && only
      ? new Set((await seesProjectIn(actor, only)) ? [only.id] : [])
      : await groupsSeenThroughProjects(actor, unread)
  for (const id of seen) rights.set(id, { ...NONE, read: true })
  return rights
}

export async function epicRights(actor: Actor | null, group: Namespace): Promise<EpicRights> {
  return (await epicRightsIn(actor, [group])).get(group.id) ?? NONE
}
