// GitLab's per-group creation settings on top of the role table (lib/auth/policy.ts lets
// Maintainers create subgroups and Developers create projects): subgroup_creation_level `owner`
// keeps subgroups to Owners; project_creation_level `maintainer` keeps projects to Maintainers and
// up, `noone` to administrators alone. Pure: the console's forms apply the same rules.
import { ACCESS } from '../auth/access-levels'

/** May a member at `level` create subgroups under a group with this subgroup_creation_level? (Administrators always may.) */
export function subgroupCreationAllowed(setting: string, level: number): boolean {
  return level >= (setting === 'owner' ? ACCESS.OWNER : ACCESS.MAINTAINER)
}

/** May a member at `level` create projects in a group with this project_creation_level? (Administrators always may.) */
export function projectCreationAllowed(setting: string, level: number): boolean {
  if (setting === 'noone') return false
  return level >= (setting === 'maintainer' ? ACCESS.MAINTAINER : ACCESS.DEVELOPER)
}
