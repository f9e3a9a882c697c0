// Group JSON (GitLab's Entities::Group). The full groups API (issue "Groups") extends this.
import type { Namespace } from '../db/generated/sqlite/client'
import { config } from '../config'

export const groupWebUrl = (fullPath: string) => `${config().externalUrl}/groups/${fullPath}`

export function groupEntity(g: Namespace) {
  return {
    id: g.id,
    web_url: groupWebUrl(g.fullPath),
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: true,
    default_branch: null,
    default_branch_protection: 2,
    avatar_url: null,
    request_access_enabled: true,
    full_name: g.fullName,
    full_path: g.fullPath,
    created_at: g.createdAt.toISOString(),
    parent_id: g.parentId,
    organization_id: 1,
    shared_runners_setting: 'enabled',
    ldap_cn: null,
    ldap_access: null,
    marked_for_deletion_on: null,
    archived: false,
  }
}

/** The `namespace` object embedded in projects (Entities::NamespaceBasic). */
export function namespaceBasic(n: Namespace) {
  return {
    id: n.id,
    name: n.name,
    path: n.path,
    kind: n.kind,
    full_path: n.fullPath,
    parent_id: n.parentId,
    avatar_url: null,
    web_url: n.kind === 'group' ? groupWebUrl(n.fullPath) : `${config().externalUrl}/${n.fullPath}`,
  }
}
