// Group JSON: the list entity (GitLab's Entities::Group). Settings come from the JSON column with
// GitLab's defaults (settings.ts); detail.ts adds GroupDetail's fields.
import type { Namespace } from '../db'
import { config } from '../config'
import type { GroupJson, NamespaceBasicJson } from './schema'
import { groupSettings } from './settings'
import { isoTime, isoDayOrNull } from '../api/time'

export const groupWebUrl = (fullPath: string) => `${config().externalUrl}/groups/${fullPath}`

/**
 * GitLab answers with an upload path (`/uploads/-/system/group/avatar/<id>/<file>`); we point at the
 * API route that serves the file (GET /groups/:id/avatar), so the URL works without a second
 * route. The file name keeps the URL distinct per upload, so caches never show a replaced image.
 */
export const groupAvatarUrl = (g: Pick<Namespace, 'id' | 'avatarPath' | 'avatarFilename'>) =>
  g.avatarPath
    ? `${config().externalUrl}/api/v4/groups/${g.id}/avatar?v=${encodeURIComponent(g.avatarPath.split('/').slice(-2, -1)[0] ?? '')}`
    : null

export function groupEntity(g: Namespace): GroupJson {
  const s = groupSettings(g)
  return {
    id: g.id,
    web_url: groupWebUrl(g.fullPath),
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility as GroupJson['visibility'],
    share_with_group_lock: s.share_with_group_lock,
    require_two_factor_authentication: s.require_two_factor_authentication,
    two_factor_grace_period: s.two_factor_grace_period,
    project_creation_level: s.project_creation_level,
    auto_devops_enabled: s.auto_devops_enabled,
    subgroup_creation_level: s.subgroup_creation_level,
    emails_disabled: !s.emails_enabled,
    emails_enabled: s.emails_enabled,
    mentions_disabled: s.mentions_disabled,
    lfs_enabled: s.lfs_enabled,
    math_rendering_limits_enabled: s.math_rendering_limits_enabled,
    lock_math_rendering_limits_enabled: s.lock_math_rendering_limits_enabled,
    default_branch: s.default_branch,
    default_branch_protection: s.default_branch_protection,
    default_branch_protection_defaults: s.default_branch_protection_defaults,
    avatar_url: groupAvatarUrl(g),
    request_access_enabled: s.request_access_enabled,
    repository_storage: s.repository_storage,
    full_name: g.fullName,
    full_path: g.fullPath,
    created_at: isoTime(g.createdAt),
    parent_id: g.parentId,
    organization_id: 1,
    shared_runners_setting: s.shared_runners_setting,
    max_artifacts_size: s.max_artifacts_size,
    ldap_cn: null,
    ldap_access: null,
    wiki_access_level: s.wiki_access_level,
    marked_for_deletion_on: isoDayOrNull(g.markedForDeletionOn),
    archived: g.archived,
  }
}

/** The `namespace` object embedded in projects (Entities::NamespaceBasic). */
export function namespaceBasic(n: Namespace): NamespaceBasicJson {
  return {
    id: n.id,
    name: n.name,
    path: n.path,
    kind: n.kind as NamespaceBasicJson['kind'],
    full_path: n.fullPath,
    parent_id: n.parentId,
    avatar_url: n.kind === 'group' ? groupAvatarUrl(n) : null,
    web_url: n.kind === 'group' ? groupWebUrl(n.fullPath) : `${config().externalUrl}/${n.fullPath}`,
  }
}
