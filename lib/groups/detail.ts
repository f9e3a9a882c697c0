// GroupDetail (GET/PUT /groups/:id): the list entity plus the single-group fields. Owner/admin-only
// keys are omitted for others (not null), as GitLab's `expose ..., if:` does.
import { jsonObject, JsonMembers, type JsonObjectFragment } from '../api/json-fragment'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { attributesBySubject } from '../custom-attributes/service'
import { generationCache, type Namespace } from '../db'
import { listGroupProjects } from '../projects/finder'
import { presentProjects } from '../projects/present'
import type { GroupDetailJson } from './detail-schema'
import { groupEntity } from './entity'
import { groupSubject } from './find'
import { groupSettings } from './settings'
import { groupRegistrationToken } from './runners-token'
import { sharedWithGroupsUntil } from '../group-shares/service'

/** The spec's limit on `projects` and `shared_projects` in a single-group read. */
export const DETAIL_PROJECTS_LIMIT = 100

export interface DetailOptions {
  withProjects?: boolean
  withCustomAttributes?: boolean
}

type DetailBase = Omit<
  GroupDetailJson,
  | 'projects'
  | 'shared_projects'
  | 'runners_token'
  | 'enabled_git_access_protocol'
  | 'prevent_sharing_groups_outside_hierarchy'
  | 'custom_attributes'
>

// The part every caller sees, serialized once per row and write generation. The key holds what
// identifies the row's content (updatedAt; full path and name, which an ancestor's rename rewrites):
// the row may have been read under an older generation than the one it is kept under.
const detailBase = generationCache<string, { members: JsonMembers; until: number }>('groups.detail')

async function baseMembers(g: Namespace): Promise<JsonMembers> {
  const key = `${g.id}:${g.updatedAt.getTime()}:${g.fullPath}:${g.fullName}`
  return (
    await detailBase.read(
      key,
      () => serializeBase(g),
      (detail) => detail.until,
    )
  ).members
}

async function serializeBase(g: Namespace): Promise<{ members: JsonMembers; until: number }> {
  const s = groupSettings(g)
  const shared = await sharedWithGroupsUntil(g.id)
  const base: DetailBase = Object.assign(groupEntity(g), {
    file_template_project_id: s.file_template_project_id,
    ip_restriction_ranges: s.ip_restriction_ranges,
    allowed_email_domains_list: s.allowed_email_domains_list,
    only_allow_merge_if_pipeline_succeeds: s.only_allow_merge_if_pipeline_succeeds,
    allow_merge_on_skipped_pipeline: s.allow_merge_on_skipped_pipeline,
    only_allow_merge_if_all_discussions_are_resolved: s.only_allow_merge_if_all_discussions_are_resolved,
    shared_runners_minutes_limit: s.shared_runners_minutes_limit,
    extra_shared_runners_minutes_limit: s.extra_shared_runners_minutes_limit,
    membership_lock: s.membership_lock,
    prevent_forking_outside_group: s.prevent_forking_outside_group,
    assistant_features_enabled: s.assistant_features_enabled,
    lock_assistant_features_enabled: s.lock_assistant_features_enabled,
    assistant_availability: s.assistant_availability as GroupDetailJson['assistant_availability'],
    experiment_features_enabled: s.experiment_features_enabled,
    web_based_commit_signing_enabled: s.web_based_commit_signing_enabled,
    unique_project_download_limit: s.unique_project_download_limit,
    unique_project_download_limit_interval_in_seconds: s.unique_project_download_limit_interval_in_seconds,
    unique_project_download_limit_allowlist: s.unique_project_download_limit_allowlist,
    unique_project_download_limit_alertlist: s.unique_project_download_limit_alertlist,
    auto_ban_user_on_excessive_projects_download: s.auto_ban_user_on_excessive_projects_download,
    shared_with_groups: shared.entries,
  })
  // shared_with_groups leaves out expired links: the first expiry bounds the cached text.
  return { members: JsonMembers.of(base), until: shared.until }
}

/**
 * The group as GroupDetailJson (a JSON object: the shared part comes serialized from its cache, and
 * the projects are their cached JSON from presentProjects, so a single-group read does not parse
 * and re-serialize up to 200 projects).
 */
export async function groupDetail(
  actor: Actor | null,
  g: Namespace,
  opts: DetailOptions = {},
): Promise<JsonObjectFragment> {
  const s = groupSettings(g)
  const [base, manager] = await Promise.all([baseMembers(g), can(actor, 'admin_group', groupSubject(g))])
  // Owner/admin-only keys are omitted for others (not null), as GitLab's `expose ..., if:` does.
  const own: Partial<GroupDetailJson> = {}
  if (manager) {
    own.runners_token = await groupRegistrationToken(g)
    own.enabled_git_access_protocol = s.enabled_git_access_protocol as GroupDetailJson['enabled_git_access_protocol']
  }
  if (g.parentId === null) own.prevent_sharing_groups_outside_hierarchy = s.prevent_sharing_groups_outside_hierarchy
  if (opts.withCustomAttributes && actor?.user.admin)
    own.custom_attributes = (await attributesBySubject('Namespace', [g.id])).get(g.id) ?? []
  if (opts.withProjects === false) return jsonObject(base, own)
  const window = { page: 1, perPage: DETAIL_PROJECTS_LIMIT, skip: 0, take: DETAIL_PROJECTS_LIMIT }
  const page = await listGroupProjects(actor, g, { with_shared: false }, window)
  const shared = await listGroupProjects(actor, g, {}, window, { sharedOnly: true })
  const [projects, sharedProjects] = await Promise.all([
    presentProjects(page.items, 'full'),
    presentProjects(shared.items, 'full'),
  ])
  return jsonObject(base, own, { projects, shared_projects: sharedProjects })
}
