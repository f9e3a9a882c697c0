// The access level a message's target_access_levels is compared with. GitLab compares the user's
// level in the project or group being viewed; the console's pages are mostly not inside one, so the
// rule here is: the user's HIGHEST level across all their direct memberships (groups and projects),
// 50 (Owner) for administrators, and null (matches only untargeted messages) with no membership.
import type { Actor } from '../auth/actor'
import { ACCESS } from '../auth/access-levels'
import { membershipsOf } from '../auth/memberships'

export async function highestAccessLevel(actor: Actor): Promise<number | null> {
  if (actor.user.admin) return ACCESS.OWNER
  const m = await membershipsOf(actor.user.id)
  const levels = [...m.projects.values(), ...m.namespaces.values()]
  return levels.length ? Math.max(...levels) : null
}
