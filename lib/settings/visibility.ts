// Gitlab::VisibilityLevel.allowed_for?: the levels in restricted_visibility_levels are the
// administrators' alone. Creating a group or project at one is refused with GitLab's
// deny_visibility_level message on `visibility_level`.
import type { Actor } from '../auth/actor'
import { setting } from './service'

export async function restrictedVisibilityLevels(): Promise<string[]> {
  return (await setting<string[] | null>('restricted_visibility_levels')) ?? []
}

/** The visibility_level error when `actor` may not use `visibility`; null when allowed. */
export async function visibilityRestriction(actor: Actor, visibility: string | undefined): Promise<string | null> {
  if (visibility === undefined || actor.user.admin) return null
  return (await restrictedVisibilityLevels()).includes(visibility)
    ? `${visibility} has been restricted by your GitLab administrator`
    : null
}

/** What the console's create forms need to offer visibility levels (GitLab's new-group and new-project pages read the same settings). */
export async function creationVisibility(): Promise<{
  restricted: string[]
  defaultGroup: string
  defaultProject: string
}> {
  const [restricted, defaultGroup, defaultProject] = await Promise.all([
    restrictedVisibilityLevels(),
    setting<string>('default_group_visibility'),
    setting<string>('default_project_visibility'),
  ])
  return { restricted, defaultGroup, defaultProject }
}

/**
 * Gitlab::VisibilityLevel.closest_allowed_level: the highest level at or below `target` that
 * restricted_visibility_levels leaves open, private when all are restricted. GitLab places a group
 * imported under a parent at the closest allowed level to the parent's.
 */
export async function closestAllowedVisibility(target: string): Promise<string> {
  const restricted = await restrictedVisibilityLevels()
  const order = ['private', 'internal', 'public']
  const open = order.slice(0, Math.max(0, order.indexOf(target)) + 1).filter((v) => !restricted.includes(v))
  return open.at(-1) ?? 'private'
}
