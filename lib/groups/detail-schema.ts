// GroupDetail's schema, apart from schema.ts because it embeds projects (projects/schema.ts imports
// groups/schema.ts, so the reverse import there would be a cycle).
import { z } from 'zod'
import { int } from '../api/json-types'
import { customAttributeSchema } from '../custom-attributes/schema'
import { projectSchema } from '../projects/schema'
import { groupAbilitiesSchema } from './abilities'
import { groupSchema, sharedWithGroupSchema } from './schema'

/**
 * Entities::GroupDetail (GET/POST/PUT /groups/:id). Optional keys: `runners_token` and
 * `enabled_git_access_protocol` for Owners and administrators, `prevent_sharing_groups_outside_hierarchy`
 * on top-level groups, `custom_attributes` when an administrator asks, `projects`/`shared_projects`
 * unless `with_projects=false`.
 */
export const groupDetailSchema = groupSchema.extend({
  file_template_project_id: int().nullable(),
  ip_restriction_ranges: z.string().nullable(),
  allowed_email_domains_list: z.string().nullable(),
  only_allow_merge_if_pipeline_succeeds: z.boolean(),
  allow_merge_on_skipped_pipeline: z.boolean(),
  only_allow_merge_if_all_discussions_are_resolved: z.boolean(),
  shared_runners_minutes_limit: int().nullable(),
  extra_shared_runners_minutes_limit: int().nullable(),
  membership_lock: z.boolean(),
  prevent_forking_outside_group: z.boolean(),
  assistant_features_enabled: z.boolean(),
  lock_assistant_features_enabled: z.boolean(),
  assistant_availability: z.enum(['default_on', 'default_off', 'never_on']),
  experiment_features_enabled: z.boolean(),
  web_based_commit_signing_enabled: z.boolean(),
  unique_project_download_limit: int(),
  unique_project_download_limit_interval_in_seconds: int(),
  unique_project_download_limit_allowlist: z.array(z.string()),
  unique_project_download_limit_alertlist: z.array(int()),
  auto_ban_user_on_excessive_projects_download: z.boolean(),
  shared_with_groups: z.array(sharedWithGroupSchema),
  runners_token: z.string().optional(),
  enabled_git_access_protocol: z.enum(['ssh', 'http', 'all']).optional(),
  prevent_sharing_groups_outside_hierarchy: z.boolean().optional(),
  custom_attributes: z.array(customAttributeSchema).optional(),
  projects: z.array(projectSchema).optional(),
  shared_projects: z.array(projectSchema).optional(),
})
export type GroupDetailJson = z.infer<typeof groupDetailSchema>

/** GET /groups/:id only: the detail plus what the viewer may do (the console's tabs and buttons read it). */
export const groupShowSchema = groupDetailSchema.extend({ abilities: groupAbilitiesSchema })
