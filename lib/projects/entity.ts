// Project JSON: Entities::BasicProjectDetails (`simple`) and Entities::Project, with GitLab's names.
// Lists and single reads serve these from a JSON cache (present.ts), so they are built on misses only.
import type { Namespace, Project } from '../db'
import { config } from '../config'
import { namespaceBasic } from '../groups/entity'
import type { SharedWithGroupJson } from '../groups/schema'
import {
  ISSUES_ACCESS_LEVELS,
  REGISTRY_ACCESS_LEVELS,
  type IssuesAccessLevel,
  type ProjectJson,
  type ProjectPermissionsJson,
  type ProjectSimpleJson,
  type RegistryAccessLevel,
} from './schema'
import { isoTime as iso } from '../api/time'

export type ProjectWithNamespace = Project & { namespace: Namespace }

/** The stored level, `enabled` for anything the column should never hold. */
const registryAccessLevel = (v: string): RegistryAccessLevel => REGISTRY_ACCESS_LEVELS.find((l) => l === v) ?? 'enabled'
/** The stored issues level, `enabled` for anything the column should never hold. */
export const issuesAccessLevel = (v: string): IssuesAccessLevel =>
  ISSUES_ACCESS_LEVELS.find((l) => l === v) ?? 'enabled'
export const projectWebUrl = (fullPath: string) => `${config().externalUrl}/${fullPath}`

export function projectSimple(p: ProjectWithNamespace): ProjectSimpleJson {
  const { externalUrl, externalHost } = config()
  const web = `${externalUrl}/${p.fullPath}`
  return {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${p.namespace.fullName} / ${p.name}`,
    path: p.path,
    path_with_namespace: p.fullPath,
    created_at: iso(p.createdAt),
    default_branch: p.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${externalHost.split(':')[0]!}:${p.fullPath}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: null,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: iso(p.lastActivityAt),
    visibility: p.visibility as ProjectSimpleJson['visibility'],
    namespace: namespaceBasic(p.namespace),
  }
}

/**
 * `sharedWithGroups`: the project's group links as `shared_with_groups` entries (project-shares/entity.ts);
 * `openIssues`: its open issues (lib/issues/counts.ts).
 */
export function projectEntity(
  p: ProjectWithNamespace,
  permissions?: ProjectPermissionsJson,
  sharedWithGroups: SharedWithGroupJson[] = [],
  openIssues = 0,
): ProjectJson {
  const issues = issuesAccessLevel(p.issuesAccessLevel)
  const { externalUrl, externalHost, registryHost } = config()
  const api = `${externalUrl}/api/v4/projects/${p.id}`
  const ns = p.namespace
  return Object.assign(projectSimple(p), {
    // GitLab's container_registry_url: the registry's address and the lower-cased path.
    container_registry_image_prefix: `${registryHost ?? externalHost}/${p.fullPath.toLowerCase()}`,
    _links: {
      self: api,
      issues: `${api}/issues`,
      merge_requests: `${api}/merge_requests`,
      repo_branches: `${api}/repository/branches`,
      labels: `${api}/labels`,
      events: `${api}/events`,
      members: `${api}/members`,
      cluster_agents: `${api}/cluster_agents`,
    },
    empty_repo: false,
    archived: p.archived,
    resolve_outdated_diff_discussions: false,
    // GitLab's feature_available?(:container_registry) is per caller; this entity is cached per
    // project (present.ts), so `private` counts as available, as it is for the members who use it.
    container_registry_enabled: p.containerRegistryAccessLevel !== 'disabled',
    container_registry_access_level: registryAccessLevel(p.containerRegistryAccessLevel),
    // As the registry above: `private` counts as available, for the members who use it.
    issues_enabled: issues !== 'disabled',
    issues_access_level: issues,
    merge_requests_enabled: true,
    wiki_enabled: true,
    jobs_enabled: true,
    snippets_enabled: true,
    shared_runners_enabled: p.sharedRunnersEnabled,
    // GitLab's defaults; this product has no setting for either (access requests are always open).
    public_jobs: true,
    request_access_enabled: true,
    creator_id: p.creatorId,
    open_issues_count: issues === 'disabled' ? undefined : openIssues,
    updated_at: iso(p.updatedAt),
    shared_with_groups: sharedWithGroups,
    owner:
      ns.kind === 'user' && ns.ownerId
        ? { id: ns.ownerId, username: ns.path, name: ns.name, web_url: `${externalUrl}/${ns.path}` }
        : undefined,
    permissions,
  })
}
