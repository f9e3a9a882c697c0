// Group settings kept in Namespace.settings (a JSON object with the API's snake_case keys). Only
// keys a PUT set are stored; everything else reads as GitLab's default, so adding a setting never
// needs a data migration.
import type { Namespace } from '../db'

type Level = { access_level: number }
export interface BranchProtectionDefaults {
  allowed_to_push: Level[]
  allow_force_push: boolean
  allowed_to_merge: Level[]
  developer_can_initial_push?: boolean
}

/** GitLab's mapping of the deprecated integer `default_branch_protection` to the hash form. */
export function protectionDefaults(level: number): BranchProtectionDefaults {
  const dev = [{ access_level: 30 }]
  const maint = [{ access_level: 40 }]
  switch (level) {
    case 0:
      return { allowed_to_push: dev, allow_force_push: true, allowed_to_merge: dev }
    case 1:
      return { allowed_to_push: dev, allow_force_push: false, allowed_to_merge: maint }
    case 3:
      return { allowed_to_push: maint, allow_force_push: false, allowed_to_merge: dev }
    case 4:
      return {
        allowed_to_push: maint,
        allow_force_push: false,
        allowed_to_merge: maint,
        developer_can_initial_push: true,
      }
    default:
      return { allowed_to_push: maint, allow_force_push: false, allowed_to_merge: maint }
  }
}

export const GROUP_SETTING_DEFAULTS = {
  share_with_group_lock: false,
  require_two_factor_authentication: false,
  two_factor_grace_period: 48,
  project_creation_level: 'developer' as string,
  auto_devops_enabled: null as boolean | null,
  subgroup_creation_level: 'maintainer' as string,
  emails_enabled: true,
  mentions_disabled: null as boolean | null,
  lfs_enabled: true,
  default_branch: null as string | null,
  default_branch_protection: 2,
  default_branch_protection_defaults: protectionDefaults(2),
  request_access_enabled: true,
  shared_runners_setting: 'enabled' as string,
  math_rendering_limits_enabled: true,
  lock_math_rendering_limits_enabled: false,
  max_artifacts_size: null as number | null,
  wiki_access_level: 'enabled' as string,
  enabled_git_access_protocol: 'all' as string,
  prevent_sharing_groups_outside_hierarchy: false,
  membership_lock: false,
  prevent_forking_outside_group: false,
  file_template_project_id: null as number | null,
  shared_runners_minutes_limit: null as number | null,
  extra_shared_runners_minutes_limit: null as number | null,
  ip_restriction_ranges: null as string | null,
  allowed_email_domains_list: null as string | null,
  unique_project_download_limit: 0,
  unique_project_download_limit_interval_in_seconds: 0,
  unique_project_download_limit_allowlist: [] as string[],
  unique_project_download_limit_alertlist: [] as number[],
  auto_ban_user_on_excessive_projects_download: false,
  assistant_availability: 'default_on' as string,
  assistant_features_enabled: true,
  lock_assistant_features_enabled: false,
  experiment_features_enabled: false,
  web_based_commit_signing_enabled: false,
  only_allow_merge_if_pipeline_succeeds: false,
  allow_merge_on_skipped_pipeline: false,
  only_allow_merge_if_all_discussions_are_resolved: false,
  step_up_auth_required_oauth_provider: null as string | null,
  repository_storage: 'default' as string,
}
export type GroupSettings = typeof GROUP_SETTING_DEFAULTS

/** The group's settings with defaults filled in; a corrupt column reads as all defaults. */
export function groupSettings(g: Pick<Namespace, 'settings'>): GroupSettings {
  let stored: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(g.settings || '{}')
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>
  } catch {
    /* defaults */
  }
  const out: Record<string, unknown> = { ...GROUP_SETTING_DEFAULTS }
  for (const key of Object.keys(GROUP_SETTING_DEFAULTS)) if (key in stored) out[key] = stored[key]
  return out as GroupSettings
}

/** The stored JSON after applying `changes` (only keys that differ from nothing are kept). */
export function mergeSettings(g: Pick<Namespace, 'settings'>, changes: Partial<GroupSettings>): string {
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(g.settings || '{}') as Record<string, unknown>
  } catch {
    /* start over */
  }
  return JSON.stringify({ ...stored, ...changes })
}
