// The GroupDetail fields the settings page reads (the API's GET /groups/:id).
import type { Group } from './groups/group-table'

export interface GroupDetail extends Group {
  avatar_url: string | null
  project_creation_level: string
  subgroup_creation_level: string
  request_access_enabled: boolean
  lfs_enabled: boolean
  emails_enabled: boolean
  mentions_disabled: boolean | null
  share_with_group_lock: boolean
  require_two_factor_authentication: boolean
  two_factor_grace_period: number
  default_branch: string | null
  shared_runners_setting: string
  wiki_access_level: string
  max_artifacts_size: number | null
  auto_devops_enabled: boolean | null
  enabled_git_access_protocol?: string
  prevent_sharing_groups_outside_hierarchy?: boolean
  runners_token?: string
}
