// PUT /groups/:id parameters (the spec's body field list; GitLab's groups_helpers
// optional_params_ce/ee). Types and enums are Grape-level checks (400 `{"error": ...}`); the
// model-level rules (visibility, uniqueness, list limits, top-level-only) live in update.ts.
import { z } from 'zod'
import { p, toInt } from '../api/param-types'
import { VISIBILITIES } from './schema'

/** Integer within [min, max], Grape's `values: min..max`. */
const intRange = (min: number, max: number) =>
  z.preprocess(
    (v) => toInt(v === '' || v === null ? undefined : v),
    z
      .number()
      .int()
      .refine((n) => n >= min && n <= max, { params: { grape: 'does not have a valid value' } }),
  )
const opt = p.optional
/** A String param where "" is a value (clears the field) rather than absent. */
const text = () => z.string().optional()
const level = z.object({ access_level: p.intIn([0, 30, 40, 60] as const) })

export const SHARED_RUNNERS_SETTINGS = [
  'enabled',
  'disabled_and_overridable',
  'disabled_and_unoverridable',
  'disabled_with_override',
] as const
export const PROJECT_CREATION_LEVELS = ['noone', 'maintainer', 'developer'] as const
export const SUBGROUP_CREATION_LEVELS = ['owner', 'maintainer'] as const
export const GIT_ACCESS_PROTOCOLS = ['ssh', 'http', 'all'] as const
export const WIKI_ACCESS_LEVELS = ['disabled', 'private', 'enabled'] as const
export const ASSISTANT_AVAILABILITY = ['default_on', 'default_off', 'never_on'] as const

export const updateGroupParams = z.object({
  id: p.id(),
  name: text(),
  path: text(),
  description: text(),
  visibility: opt(p.enum(VISIBILITIES)),
  // A file, or "" (or an empty file part) to remove; checked in avatar.ts.
  avatar: z.unknown().optional(),
  auto_devops_enabled: opt(p.bool()),
  default_branch: text(),
  default_branch_protection: opt(p.intIn([0, 1, 2, 3, 4] as const)),
  default_branch_protection_defaults: opt(
    z.object({
      allowed_to_push: opt(z.array(level)),
      allow_force_push: opt(p.bool()),
      allowed_to_merge: opt(z.array(level)),
      developer_can_initial_push: opt(p.bool()),
    }),
  ),
  enabled_git_access_protocol: opt(p.enum(GIT_ACCESS_PROTOCOLS)),
  emails_disabled: opt(p.bool()),
  emails_enabled: opt(p.bool()),
  lfs_enabled: opt(p.bool()),
  mentions_disabled: opt(p.bool()),
  prevent_sharing_groups_outside_hierarchy: opt(p.bool()),
  project_creation_level: opt(p.enum(PROJECT_CREATION_LEVELS)),
  request_access_enabled: opt(p.bool()),
  require_two_factor_authentication: opt(p.bool()),
  shared_runners_setting: opt(p.enum(SHARED_RUNNERS_SETTINGS)),
  share_with_group_lock: opt(p.bool()),
  step_up_auth_required_oauth_provider: text(),
  subgroup_creation_level: opt(p.enum(SUBGROUP_CREATION_LEVELS)),
  two_factor_grace_period: opt(p.int()),
  extra_shared_runners_minutes_limit: opt(intRange(0, 2147483647)),
  file_template_project_id: opt(p.int()),
  membership_lock: opt(p.bool()),
  prevent_forking_outside_group: opt(p.bool()),
  shared_runners_minutes_limit: opt(intRange(0, 2147483647)),
  unique_project_download_limit: opt(intRange(0, 10_000)),
  unique_project_download_limit_interval_in_seconds: opt(intRange(0, 864_000)),
  unique_project_download_limit_allowlist: opt(p.stringList()),
  unique_project_download_limit_alertlist: opt(p.intList()),
  auto_ban_user_on_excessive_projects_download: opt(p.bool()),
  ip_restriction_ranges: text(),
  allowed_email_domains_list: text(),
  wiki_access_level: opt(p.enum(WIKI_ACCESS_LEVELS)),
  assistant_availability: opt(p.enum(ASSISTANT_AVAILABILITY)),
  experiment_features_enabled: opt(p.bool()),
  math_rendering_limits_enabled: opt(p.bool()),
  lock_math_rendering_limits_enabled: opt(p.bool()),
  assistant_features_enabled: opt(p.bool()),
  lock_assistant_features_enabled: opt(p.bool()),
  max_artifacts_size: opt(intRange(0, 2147483647)),
  web_based_commit_signing_enabled: opt(p.bool()),
  only_allow_merge_if_pipeline_succeeds: opt(p.bool()),
  allow_merge_on_skipped_pipeline: opt(p.bool()),
  only_allow_merge_if_all_discussions_are_resolved: opt(p.bool()),
  with_projects: opt(p.bool()),
})
export type UpdateGroupParams = z.infer<typeof updateGroupParams>
/** What updateGroup takes: the parameters without the group's id (the caller has found the group). */
export type GroupChanges = Omit<UpdateGroupParams, 'id'>

/** Settings only a top-level group has (refused on subgroups). */
export const TOP_LEVEL_ONLY = [
  'prevent_sharing_groups_outside_hierarchy',
  'unique_project_download_limit',
  'unique_project_download_limit_interval_in_seconds',
  'unique_project_download_limit_allowlist',
  'unique_project_download_limit_alertlist',
  'auto_ban_user_on_excessive_projects_download',
  'web_based_commit_signing_enabled',
] as const

/** Settings only administrators may change (GitLab EE: authenticated_as_admin!). */
export const ADMIN_ONLY = ['shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit'] as const

/** The spec's list limits (model validations). */
export const LIST_LIMIT = 100
