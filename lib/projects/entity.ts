// Project JSON: Entities::BasicProjectDetails (`simple`) and Entities::Project, with GitLab's names.
import type { Namespace, Project } from '../db/generated/sqlite/client'
import { config } from '../config'
import { namespaceBasic } from '../groups/entity'

export type ProjectWithNamespace = Project & { namespace: Namespace }

const iso = (d: Date) => d.toISOString()
export const projectWebUrl = (fullPath: string) => `${config().externalUrl}/${fullPath}`

export function projectSimple(p: ProjectWithNamespace) {
  const web = projectWebUrl(p.fullPath)
  const host = new URL(config().externalUrl).host
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
    ssh_url_to_repo: `git@${host.split(':')[0]}:${p.fullPath}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: null,
    forks_count: 0,
    avatar_url: null,
    star_count: 0,
    last_activity_at: iso(p.lastActivityAt),
    visibility: p.visibility,
    namespace: namespaceBasic(p.namespace),
  }
}

export function projectEntity(p: ProjectWithNamespace, extra: { permissions?: { project_access: unknown; group_access: unknown } } = {}) {
  const web = projectWebUrl(p.fullPath)
  const base = `${config().externalUrl}/api/v4/projects/${p.id}`
  return {
    ...projectSimple(p),
    container_registry_image_prefix: `${new URL(config().externalUrl).host}/${p.fullPath}`,
    _links: {
      self: base,
      issues: `${base}/issues`,
      merge_requests: `${base}/merge_requests`,
      repo_branches: `${base}/repository/branches`,
      labels: `${base}/labels`,
      events: `${base}/events`,
      members: `${base}/members`,
      cluster_agents: `${base}/cluster_agents`,
    },
    empty_repo: false,
    archived: p.archived,
    resolve_outdated_diff_discussions: false,
    container_registry_enabled: true,
    issues_enabled: true,
    merge_requests_enabled: true,
    wiki_enabled: true,
    jobs_enabled: true,
    snippets_enabled: true,
    creator_id: p.creatorId,
    open_issues_count: 0,
    updated_at: iso(p.updatedAt),
    ...(p.namespace.kind === 'user' && p.namespace.ownerId ? { owner: { id: p.namespace.ownerId, username: p.namespace.path, name: p.namespace.name, web_url: `${config().externalUrl}/${p.namespace.path}` } } : {}),
    ...extra,
    web_url: web,
  }
}
