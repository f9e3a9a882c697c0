// Who may do what with a project's container registry (GitLab's ProjectPolicy container image
// abilities and the project feature `container_registry_access_level`):
// - read: `enabled` → whoever sees a public or internal project, Reporter+ on a private one
//   (GitLab's PRIVATE_FEATURES_MIN_ACCESS_LEVEL for the registry); `private` → Reporter+;
//   `disabled` → nobody. Admins always (except disabled).
// - delete a tag / push: Developer+; delete a repository, bulk-delete tags, `*`: Maintainer+.
// The API, /jwt/auth and the console all ask here.
import { forbidden } from '../api/errors'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { projectSubject } from '../projects/find'
import type { ProjectWithNamespace } from '../projects/entity'

export type RegistryAbility = 'read' | 'push' | 'destroy_tag' | 'destroy_repository'

const NEEDED: Record<Exclude<RegistryAbility, 'read'>, number> = {
  push: ACCESS.DEVELOPER,
  destroy_tag: ACCESS.DEVELOPER,
  destroy_repository: ACCESS.MAINTAINER,
}

export async function canRegistry(
  actor: Actor | null,
  project: ProjectWithNamespace,
  ability: RegistryAbility,
): Promise<boolean> {
  const level = project.containerRegistryAccessLevel
  if (level === 'disabled') return false
  // A CI job token reaches only its own project's registry.
  if (actor?.job && actor.job.projectId !== project.id) return false
  if (actor?.user.admin) return true
  if (ability === 'read') {
    if (level === 'enabled') {
      if (project.visibility === 'public') return true
      if (project.visibility === 'internal' && actor && !actor.user.external) return true
    }
    return (await accessLevel(actor, projectSubject(project))) >= ACCESS.REPORTER
  }
  return (await accessLevel(actor, projectSubject(project))) >= NEEDED[ability]
}

/** 403 `{"message":"403 Forbidden"}` unless allowed (the project itself was already found readable). */
export async function authorizeRegistry(
  actor: Actor | null,
  project: ProjectWithNamespace,
  ability: RegistryAbility,
): Promise<void> {
  if (!(await canRegistry(actor, project, ability))) throw forbidden()
}
