// `abilities` of GET /groups/:id: the viewer's group policy abilities (lib/auth/policy.ts), with
// create_subgroup and create_projects narrowed by the group's own creation levels, as GitLab's
// GroupPolicy does; the create services ask mayCreateIn, so the door and the check agree.
import type { Namespace } from '../db'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { abilitiesOf, abilityFlags } from '../auth/abilities'
import { accessLevel, GROUP_ABILITY_NAMES } from '../auth/policy'
import { projectCreationAllowed, subgroupCreationAllowed } from './creation-levels'
import { groupSubject } from './find'
import { groupSettings } from './settings'

export const groupAbilitiesSchema = abilityFlags(GROUP_ABILITY_NAMES).extend({ request_access: z.boolean() })
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>

/** Whether the actor's role meets the group's subgroup_creation_level or project_creation_level (administrators: always). */
export async function mayCreateIn(
  actor: Actor | null,
  group: Namespace,
  what: 'subgroup' | 'project',
): Promise<boolean> {
  if (actor?.user.admin) return true
  const level = await accessLevel(actor, groupSubject(group))
  const settings = groupSettings(group)
  return what === 'subgroup'
    ? subgroupCreationAllowed(settings.subgroup_creation_level, level)
    : projectCreationAllowed(settings.project_creation_level, level)
}

export async function groupAbilities(actor: Actor | null, group: Namespace): Promise<GroupAbilities> {
  const [abilities, subgroup, project] = await Promise.all([
    abilitiesOf(actor, groupSubject(group), GROUP_ABILITY_NAMES),
    mayCreateIn(actor, group, 'subgroup'),
    mayCreateIn(actor, group, 'project'),
  ])
  return narrowed(abilities, subgroup, project)
}

// abilitiesOf's flags are shared per combination, and so is each narrowing of them.
const narrowings = new WeakMap<GroupAbilities, Map<number, GroupAbilities>>()
function narrowed(abilities: GroupAbilities, subgroup: boolean, project: boolean): GroupAbilities {
  const key = (subgroup ? 2 : 0) + (project ? 1 : 0)
  let byKey = narrowings.get(abilities)
  if (!byKey) narrowings.set(abilities, (byKey = new Map<number, GroupAbilities>()))
  let flags = byKey.get(key)
  if (!flags) {
    flags = Object.freeze(
      Object.assign({}, abilities, {
        create_subgroup: abilities.create_subgroup && subgroup,
        create_projects: abilities.create_projects && project,
      }),
    )
    byKey.set(key, flags)
  }
  return flags
}
