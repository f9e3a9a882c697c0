// What the viewer may do on a group or project, as GitLab's `permissions` tells its frontend: one
// boolean per policy ability, decided by the same rules as the API's own checks, so the console
// shows a door exactly when the API would let the viewer through it.
import { z } from 'zod'
import { ACCESS } from './access-levels'
import type { Actor } from './actor'
import { accessLevel, allowedAt, decideWithoutLevel, type Subject } from './policy'

/** A zod object with one boolean per name. */
export const abilityFlags = <K extends string>(names: readonly K[]) => z.object(Object.fromEntries(names.map((n) => [n, z.boolean()])) as Record<K, z.ZodBoolean>)

export async function abilitiesOf<K extends string>(actor: Actor | null, subject: Subject, names: readonly K[]): Promise<Record<K, boolean> & { request_access: boolean }> {
  const level = await accessLevel(actor, subject)
  const out = Object.fromEntries(names.map((n) => [n, decideWithoutLevel(actor, n, subject) ?? allowedAt(level, n, subject)])) as Record<K, boolean>
  // A signed-in non-member may ask to join (whether the group or project accepts requests is its own setting).
  return { ...out, request_access: !!actor && !actor.user.admin && level === ACCESS.NO_ACCESS }
}
