// What the viewer may do on a group or project, as GitLab's `permissions` tells its frontend: one
// boolean per policy ability, decided by the same rules as the API's own checks, so the console
// shows a door exactly when the API would let the viewer through it.
import { z } from 'zod'
import { ACCESS } from './access-levels'
import type { Actor } from './actor'
import {
  accessLevel,
  allowedAt,
  decideWithoutLevel,
  mayRequestAccess,
  readsThroughProjects,
  type Subject,
} from './policy'
import { seesProjectIn } from './descendant-projects'

/** A zod object with one boolean per name. */
export const abilityFlags = <K extends string>(names: readonly K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, z.boolean()])) as Record<K, z.ZodBoolean>)

// The flags depend only on these facts (decideWithoutLevel, allowedAt and readsThroughProjects read nothing else), so each
// combination is built once and shared, frozen: forty keys set one by one make a dictionary object
// that costs microseconds to build and to serialize on every request.
const built = new WeakMap<readonly string[], Map<string, Readonly<Record<string, boolean>>>>()

export async function abilitiesOf<K extends string>(
  actor: Actor | null,
  subject: Subject,
  names: readonly K[],
): Promise<Record<K, boolean> & { request_access: boolean }> {
  const level = await accessLevel(actor, subject)
  const viewer = !actor ? 'anonymous' : actor.user.admin ? 'admin' : actor.user.external ? 'external' : 'user'
  // A non-member who sees a project below the group reads it (policy.ts readsThroughProjects).
  const viaProjects =
    subject.type === 'group' &&
    level === ACCESS.NO_ACCESS &&
    decideWithoutLevel(actor, 'read_group', subject) === null &&
    (await seesProjectIn(actor, subject))
  const key = `${subject.type}:${viewer}:${subject.visibility}:${level}:${viaProjects ? 1 : 0}`
  let byKey = built.get(names)
  if (!byKey) built.set(names, (byKey = new Map<string, Readonly<Record<string, boolean>>>()))
  let flags = byKey.get(key)
  if (!flags) {
    const out: Record<string, boolean> = {}
    for (const n of names)
      out[n] =
        decideWithoutLevel(actor, n, subject) ??
        (allowedAt(level, n, subject) || (viaProjects && readsThroughProjects(n, subject)))
    out.request_access = mayRequestAccess(actor, level, subject)
    flags = Object.freeze(out)
    byKey.set(key, flags)
  }
  return flags as Record<K, boolean> & { request_access: boolean }
}
