import { z } from 'zod'
import { date, int, time } from '../api/json-types'
import { p } from '../api/param-types'
import { VISIBILITIES } from './visibility-levels'

export {
  capVisibility,
  exceedsVisibility,
  VISIBILITIES,
  visibilityLevel,
  visibilityOfLevel,
  visibilityRank,
  type Visibility,
} from './visibility-levels'

export const createGroupParams = z.object({
  name: p.string(),
  path: p.string(),
  visibility: p.optional(p.enum(VISIBILITIES)),
  parent_id: p.optional(p.int()),
  description: p.optional(p.string()),
})
export type CreateGroupParams = z.infer<typeof createGroupParams>

export const GROUP_ORDER = ['name', 'path', 'id', 'similarity'] as const
export const listGroupsParams = z.object({
  search: p.optional(p.string()),
  order_by: p.optional(p.enum(GROUP_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  owned: p.optional(p.bool()),
  all_available: p.optional(p.bool()),
  top_level_only: p.optional(p.bool()),
  min_access_level: p.optional(p.intIn([5, 10, 15, 20, 30, 40, 50] as const)),
  visibility: p.optional(p.enum(VISIBILITIES)),
  skip_groups: p.optional(p.intList()),
  cursor: p.optional(p.string()),
  statistics: p.optional(p.bool()),
  with_custom_attributes: p.optional(p.bool()),
  active: p.optional(p.bool()),
  archived: p.optional(p.bool()),
  marked_for_deletion_on: p.optional(p.date()),
  repository_storage: p.optional(p.string()),
  // `custom_attributes[key]=value` (administrators; ignored for others, as GitLab).
  custom_attributes: p.optional(
    z.record(
      z.string(),
      z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string()),
    ),
  ),
})
export type ListGroupsParams = z.infer<typeof listGroupsParams>

const level = z.strictObject({ access_level: int() })
// Typed per key (not Record<string, …>) so the generated client and the console see each field.
const sizes = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, int()])) as Record<K, ReturnType<typeof int>>)

/** Entities::Group (lists); GroupDetail extends it. */
export const groupSchema = z.strictObject({
  id: int(),
  web_url: z.string(),
  name: z.string(),
  path: z.string(),
  description: z.string(),
  visibility: z.enum(VISIBILITIES),
  share_with_group_lock: z.boolean(),
  require_two_factor_authentication: z.boolean(),
  two_factor_grace_period: int(),
  project_creation_level: z.string(),
  auto_devops_enabled: z.boolean().nullable(),
  subgroup_creation_level: z.string(),
  emails_disabled: z.boolean(),
  emails_enabled: z.boolean(),
  mentions_disabled: z.boolean().nullable(),
  lfs_enabled: z.boolean(),
  math_rendering_limits_enabled: z.boolean(),
  lock_math_rendering_limits_enabled: z.boolean(),
  default_branch: z.string().nullable(),
  default_branch_protection: int(),
  default_branch_protection_defaults: z.strictObject({
    allowed_to_push: z.array(level),
    allow_force_push: z.boolean(),
    allowed_to_merge: z.array(level),
    developer_can_initial_push: z.boolean().optional(),
  }),
  avatar_url: z.string().nullable(),
  request_access_enabled: z.boolean(),
  repository_storage: z.string(),
  full_name: z.string(),
  full_path: z.string(),
  created_at: time(),
  parent_id: int().nullable(),
  organization_id: int(),
  shared_runners_setting: z.string(),
  max_artifacts_size: int().nullable(),
  ldap_cn: z.null(),
  ldap_access: z.null(),
  wiki_access_level: z.string(),
  marked_for_deletion_on: date().nullable(),
  archived: z.boolean(),
})
export type GroupJson = z.infer<typeof groupSchema>

/** Entities::NamespaceBasic: the `namespace` embedded in projects. */
export const namespaceBasicSchema = z.strictObject({
  id: int(),
  name: z.string(),
  path: z.string(),
  kind: z.enum(['group', 'user']),
  full_path: z.string(),
  parent_id: int().nullable(),
  avatar_url: z.string().nullable(),
  web_url: z.string(),
})
export type NamespaceBasicJson = z.infer<typeof namespaceBasicSchema>

/** A `shared_with_groups` entry of a group or a project (the invited group and its access). */
export const sharedWithGroupSchema = z.strictObject({
  group_id: int(),
  group_name: z.string(),
  group_full_path: z.string(),
  group_access_level: int(),
  expires_at: date().nullable(),
})
export type SharedWithGroupJson = z.infer<typeof sharedWithGroupSchema>

/** A group of a list with what administrators may ask for (`statistics`, `with_custom_attributes`). */
export const groupListItemSchema = groupSchema.extend({
  statistics: sizes([
    'storage_size',
    'repository_size',
    'wiki_size',
    'lfs_objects_size',
    'job_artifacts_size',
    'pipeline_artifacts_size',
    'packages_size',
    'snippets_size',
    'uploads_size',
  ]).optional(),
  root_storage_statistics: sizes([
    'build_artifacts_size',
    'container_registry_size',
    'dependency_proxy_size',
    'lfs_objects_size',
    'packages_size',
    'pipeline_artifacts_size',
    'repository_size',
    'snippets_size',
    'storage_size',
    'uploads_size',
    'wiki_size',
  ])
    .extend({ container_registry_size_is_estimated: z.boolean() })
    .optional(),
  custom_attributes: z.array(z.strictObject({ key: z.string(), value: z.string() })).optional(),
})
