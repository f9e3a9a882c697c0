// The one policy module: can(actor, ability, subject). Roles inherit down the group tree: a member
// of a group has that role on every subgroup and project below it (the highest level wins).
// Callers turn "cannot read" into 404, never 403, so existence does not leak.
import { ACCESS } from './access-levels'
import type { Actor } from './actor'
import { membershipsOf, type Memberships } from './memberships'
import { seesProjectIn } from './descendant-projects'
import { ancestorIds } from '../util/traversal-ids'

export interface GroupSubject {
  type: 'group'
  id: number
  visibility: string
  traversalIds: string
}
export interface ProjectSubject {
  type: 'project'
  id: number
  visibility: string
  traversalIds: string
  namespace: { kind: string; ownerId: number | null }
}
export type Subject = GroupSubject | ProjectSubject

const PROJECT_ABILITIES = {
  read_project: ACCESS.GUEST,
  read_project_member: ACCESS.GUEST,
  read_code: ACCESS.REPORTER,
  push_code: ACCESS.DEVELOPER,
  read_pipeline: ACCESS.REPORTER,
  update_pipeline: ACCESS.DEVELOPER,
  create_pipeline: ACCESS.DEVELOPER,
  // CI jobs (GitLab's read_build/update_build) and the project's runners (admin_runner).
  read_build: ACCESS.REPORTER,
  update_build: ACCESS.DEVELOPER,
  admin_runner: ACCESS.MAINTAINER,
  admin_cicd_variables: ACCESS.MAINTAINER,
  read_pipeline_schedule: ACCESS.DEVELOPER,
  create_pipeline_schedule: ACCESS.DEVELOPER,
  admin_pipeline_schedule: ACCESS.MAINTAINER,
  create_tag: ACCESS.DEVELOPER,
  // Project snippets (GitLab's ProjectPolicy): members read private snippets, Reporter+ create,
  // Maintainer+ change or delete anyone's (the author may change their own).
  read_snippet: ACCESS.GUEST,
  create_snippet: ACCESS.REPORTER,
  admin_snippet: ACCESS.MAINTAINER,
  admin_tag: ACCESS.DEVELOPER,
  update_project: ACCESS.MAINTAINER,
  admin_project: ACCESS.MAINTAINER,
  admin_protected_branch: ACCESS.MAINTAINER,
  // Container registry settings such as tag protection rules (GitLab's admin_container_image; a
  // project whose registry is disabled refuses it too: lib/registry-protection/service.ts).
  admin_container_image: ACCESS.MAINTAINER,
  // Deleting one image tag (GitLab's destroy_container_image; the registry's own access level is
  // checked on top in lib/container-registry/access.ts).
  destroy_container_image: ACCESS.DEVELOPER,
  delete_protected_branch: ACCESS.MAINTAINER,
  admin_project_member: ACCESS.MAINTAINER,
  admin_resource_access_tokens: ACCESS.MAINTAINER,
  remove_project: ACCESS.OWNER,
} as const
const GROUP_ABILITIES = {
  read_group: ACCESS.GUEST,
  read_group_member: ACCESS.GUEST,
  create_projects: ACCESS.DEVELOPER,
  create_subgroup: ACCESS.MAINTAINER,
  admin_group_member: ACCESS.OWNER,
  admin_resource_access_tokens: ACCESS.OWNER,
  admin_group: ACCESS.OWNER,
  admin_saml_group_links: ACCESS.OWNER,
  // Group runners: Maintainers read them, Owners manage them (GitLab's GroupPolicy).
  read_group_runners: ACCESS.MAINTAINER,
  admin_runner: ACCESS.OWNER,
  admin_cicd_variables: ACCESS.OWNER,
  remove_group: ACCESS.OWNER,
} as const

export type ProjectAbility = keyof typeof PROJECT_ABILITIES
export type GroupAbility = keyof typeof GROUP_ABILITIES
export const PROJECT_ABILITY_NAMES = Object.keys(PROJECT_ABILITIES) as ProjectAbility[]
export const GROUP_ABILITY_NAMES = Object.keys(GROUP_ABILITIES) as GroupAbility[]
type AbilityFor<S extends Subject> = S extends ProjectSubject ? ProjectAbility : GroupAbility

/** Abilities that only need the subject to be visible (public/internal reads). */
const VISIBILITY_READS = new Set<string>([
  'read_project',
  'read_project_member',
  'read_code',
  'read_pipeline',
  'read_build',
  'read_group',
  'read_group_member',
])

/** The actor's effective level on a subject: direct or inherited from any ancestor group. */
export async function accessLevel(actor: Actor | null, subject: Subject): Promise<number> {
  if (!actor) return ACCESS.NO_ACCESS
  return effectiveLevel(await membershipsOf(actor.user.id), subject, actor.user.id)
}

/** Pure core of accessLevel: the highest of direct and ancestor-group memberships. */
export function effectiveLevel(m: Memberships, subject: Subject, userId: number): number {
  let level: number = ACCESS.NO_ACCESS
  for (const id of ancestorIds(subject.traversalIds)) level = Math.max(level, m.namespaces.get(id) ?? 0)
  if (subject.type === 'project') {
    level = Math.max(level, m.projects.get(subject.id) ?? 0)
    if (subject.namespace.kind === 'user' && subject.namespace.ownerId === userId) level = ACCESS.OWNER
  }
  return level
}

function visibleWithoutMembership(actor: Actor | null, visibility: string): boolean {
  if (visibility === 'public') return true
  return visibility === 'internal' && !!actor && !actor.user.external
}

export async function can<S extends Subject>(
  actor: Actor | null,
  ability: AbilityFor<S>,
  subject: S,
): Promise<boolean> {
  const quick = decideWithoutLevel(actor, ability, subject)
  if (quick !== null) return quick
  if (allowedAt(await accessLevel(actor, subject), ability, subject)) return true
  return readsThroughProjects(ability, subject) && seesProjectIn(actor, subject as GroupSubject)
}

/**
 * GroupPolicy's `has_projects` rule: seeing a project in the group's tree grants read_group, and with
 * it read_group_member unless the group is private (`can_read_group_member?` wants membership there).
 * Only asked when membership and visibility said no, so it costs nothing on the allowed path.
 */
export function readsThroughProjects(ability: string, subject: Subject): boolean {
  if (subject.type !== 'group') return false
  return ability === 'read_group' || (ability === 'read_group_member' && subject.visibility !== 'private')
}

/** Admins and visibility-only reads need no membership lookup; null means "look at the level". */
export function decideWithoutLevel(actor: Actor | null, ability: string, subject: Subject): boolean | null {
  if (actor?.user.admin) return true
  if (VISIBILITY_READS.has(ability) && visibleWithoutMembership(actor, subject.visibility)) return true
  return null
}

export function allowedAt(level: number, ability: string, subject: Subject): boolean {
  const needed =
    subject.type === 'project' ? PROJECT_ABILITIES[ability as ProjectAbility] : GROUP_ABILITIES[ability as GroupAbility]
  return level >= needed
}

/**
 * GitLab's :request_access (GroupPolicy, ProjectPolicy's public_user_access): a signed-in user with
 * no role who sees the subject without one (`view_globally`: public, or internal to a non-external
 * user; seeing a private group through a project below it is not enough). An administrator in admin
 * mode has one already (a group counts them as Owner; ProjectPolicy prevents `admin`). Whether the
 * subject accepts requests is its own setting, checked by lib/access-requests.
 */
export function mayRequestAccess(actor: Actor | null, level: number, subject: Subject): boolean {
  return (
    !!actor && !actor.user.admin && level === ACCESS.NO_ACCESS && visibleWithoutMembership(actor, subject.visibility)
  )
}
