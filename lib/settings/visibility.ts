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
  return (await restrictedVisibilityLevels()).includes(visibility) ? `${visibility} has been restricted by your GitLab administrator` : null
}
