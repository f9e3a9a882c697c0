// POST /features/:name as GitLab's Admin::SetFeatureFlagService and Feature::Target do it: the
// actors named by `user`, `project` and `group` (each comma-separated) are all resolved before
// anything is written, an unknown one is "<name> is not found!"; with actors the value enables or
// disables those actors only, without them it sets the boolean gate.
import { badRequest, isApiError } from '../api/errors'
import type { Actor } from '../auth/actor'
import { loadGroup } from '../groups/find'
import { findProject } from '../projects/find'
import { userByUsername } from '../users/find'
import type { SetFeatureParams } from './schema'
import { setFeatureForActors, setFeatureGlobally, type FlagActorType, type FlagRow } from './service'

// GitLab's enable?/disable?: a percentage of 100 or 0 is the same as on or off.
const ENABLE = new Set(['true', '100', '100.0'])
const DISABLE = new Set(['false', '0', '0.0'])

// Ruby's split: "" names nobody.
const names = (list: string | undefined) => (list ? list.split(',') : [])
const notFoundTarget = (arg: string) => badRequest(`${arg} is not found!`)

async function projectId(admin: Actor, arg: string): Promise<number> {
  try {
    return (await findProject(admin, arg)).id
  } catch (e) {
    // Feature::Target looks paths up without following redirects: a moved project is unknown too.
    if (isApiError(e)) throw notFoundTarget(arg)
    throw e
  }
}

async function targets(
  admin: Actor,
  params: SetFeatureParams,
): Promise<{ type: FlagActorType; id: number; label: string }[]> {
  const found: { type: FlagActorType; id: number; label: string }[] = []
  for (const arg of names(params.user)) {
    const user = await userByUsername(arg)
    if (!user) throw notFoundTarget(arg)
    found.push({ type: 'User', id: user.id, label: `User:${user.id}` })
  }
  for (const arg of names(params.project)) {
    const id = await projectId(admin, arg)
    found.push({ type: 'Project', id, label: `Project:${id}` })
  }
  for (const arg of names(params.group)) {
    const group = await loadGroup(arg)
    if (!group) throw notFoundTarget(arg)
    found.push({ type: 'Group', id: group.id, label: `Group:${group.id}` })
  }
  return found
}

/**
 * Sets the flag and returns it. Values other than true/false (and GitLab's equivalent 100/0) are
 * refused with GitLab's "Cannot set" text: this product keeps no percentage gates.
 */
export async function setFeature(admin: Actor, params: SetFeatureParams): Promise<FlagRow> {
  const { name, value } = params
  const enable = ENABLE.has(value)
  const disable = DISABLE.has(value)
  const gated = params.user !== undefined || params.project !== undefined || params.group !== undefined
  if (!gated) {
    if (!enable && !disable) throw badRequest(`Cannot set '${name}' to ${JSON.stringify(value)}`)
    return setFeatureGlobally(name, enable)
  }
  const actors = await targets(admin, params)
  const first = actors[0]
  if (!enable && !disable && first)
    throw badRequest(`Cannot set '${name}' to ${JSON.stringify(value)} for ${first.label}`)
  return setFeatureForActors(name, enable, actors)
}
