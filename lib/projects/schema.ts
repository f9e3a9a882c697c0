import { z } from 'zod'
import { p } from '../api/param-types'
import { int, time } from '../api/json-types'
import { customAttributeSchema } from '../custom-attributes/schema'
import { namespaceBasicSchema, sharedWithGroupSchema, VISIBILITIES } from '../groups/schema'

/** GitLab's `container_registry_access_level` values (ProjectFeature: `private` = members, Reporter and above). */
export const REGISTRY_ACCESS_LEVELS = ['disabled', 'private', 'enabled'] as const
export type RegistryAccessLevel = (typeof REGISTRY_ACCESS_LEVELS)[number]
/** GitLab's `issues_access_level` values (ProjectFeature: `private` = project members only). */
export const ISSUES_ACCESS_LEVELS = ['disabled', 'private', 'enabled'] as const
export type IssuesAccessLevel = (typeof ISSUES_ACCESS_LEVELS)[number]

// Feature settings shared by create and update (GitLab's optional_project_params_ce).
const featureParams = {
  container_registry_access_level: p.optional(p.enum(REGISTRY_ACCESS_LEVELS)),
  /** Deprecated by GitLab in favour of container_registry_access_level: true is `enabled`, false `disabled`. */
  container_registry_enabled: p.optional(p.bool()),
  issues_access_level: p.optional(p.enum(ISSUES_ACCESS_LEVELS)),
  /** Deprecated by GitLab in favour of issues_access_level: true is `enabled`, false `disabled`. */
  issues_enabled: p.optional(p.bool()),
}

export const createProjectParams = z.object({
  name: p.optional(p.string()),
  path: p.optional(p.string()),
  namespace_id: p.optional(p.int()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  description: p.optional(p.string()),
  default_branch: p.optional(p.string()),
  initialize_with_readme: p.optional(p.bool()),
  ...featureParams,
})
export type CreateProjectParams = z.infer<typeof createProjectParams>

export const updateProjectParams = z.object({
  id: p.id(),
  name: p.optional(p.string()),
  path: p.optional(p.string()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  description: p.optional(p.string()),
  default_branch: p.optional(p.string()),
  ...featureParams,
})
export type UpdateProjectParams = z.infer<typeof updateProjectParams>

export const PROJECT_ORDER = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const
export const listProjectsParams = z.object({
  membership: p.optional(p.bool()),
  owned: p.optional(p.bool()),
  search: p.optional(p.string()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  archived: p.optional(p.bool()),
  order_by: p.optional(p.enum(PROJECT_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  simple: p.optional(p.bool()),
  min_access_level: p.optional(p.intIn([5, 10, 15, 20, 30, 40, 50] as const)),
  id_after: p.optional(p.int()),
  id_before: p.optional(p.int()),
})
export type ListProjectsParams = z.infer<typeof listProjectsParams>

export const GROUP_PROJECT_ORDER = [...PROJECT_ORDER, 'similarity', 'star_count'] as const
export const groupProjectsParams = listProjectsParams
  .omit({ membership: true, id_after: true, id_before: true })
  .extend({
    id: p.id(),
    include_subgroups: p.optional(p.bool()),
    order_by: p.optional(p.enum(GROUP_PROJECT_ORDER)),
    starred: p.optional(p.bool()),
    topic: p.optional(p.string()),
    with_issues_enabled: p.optional(p.bool()),
    with_merge_requests_enabled: p.optional(p.bool()),
    // Default true (GitLab): projects shared with the group are listed too.
    with_shared: p.optional(p.bool()),
    with_custom_attributes: p.optional(p.bool()),
    // Ultimate's security reports do not exist here: accepted and ignored, as GitLab CE does.
    with_security_reports: p.optional(p.bool()),
  })
export type GroupProjectsParams = z.infer<typeof groupProjectsParams>

/** Entities::BasicProjectDetails (`simple=true` lists). */
export const projectSimpleSchema = z.strictObject({
  id: int(),
  description: z.string(),
  name: z.string(),
  name_with_namespace: z.string(),
  path: z.string(),
  path_with_namespace: z.string(),
  created_at: time(),
  default_branch: z.string(),
  tag_list: z.array(z.string()),
  topics: z.array(z.string()),
  ssh_url_to_repo: z.string(),
  http_url_to_repo: z.string(),
  web_url: z.string(),
  readme_url: z.string().nullable(),
  forks_count: int(),
  avatar_url: z.string().nullable(),
  star_count: int(),
  last_activity_at: time(),
  visibility: z.enum(VISIBILITIES),
  namespace: namespaceBasicSchema,
})
export type ProjectSimpleJson = z.infer<typeof projectSimpleSchema>

const access = z.strictObject({ access_level: int(), notification_level: int() }).nullable()

/** Entities::Project; `owner` on personal projects only, `permissions` and `runners_token` on single reads. */
export const projectSchema = projectSimpleSchema.extend({
  container_registry_image_prefix: z.string(),
  _links: z.strictObject({
    self: z.string(),
    issues: z.string(),
    merge_requests: z.string(),
    repo_branches: z.string(),
    labels: z.string(),
    events: z.string(),
    members: z.string(),
    cluster_agents: z.string(),
  }),
  empty_repo: z.boolean(),
  archived: z.boolean(),
  resolve_outdated_diff_discussions: z.boolean(),
  container_registry_enabled: z.boolean(),
  container_registry_access_level: z.enum(REGISTRY_ACCESS_LEVELS),
  issues_enabled: z.boolean(),
  issues_access_level: z.enum(ISSUES_ACCESS_LEVELS),
  merge_requests_enabled: z.boolean(),
  wiki_enabled: z.boolean(),
  jobs_enabled: z.boolean(),
  snippets_enabled: z.boolean(),
  shared_runners_enabled: z.boolean(),
  public_jobs: z.boolean(),
  request_access_enabled: z.boolean(),
  creator_id: int().nullable(),
  /** Left out when the project's issues are disabled (GitLab: `if feature_available?(:issues)`). */
  open_issues_count: int().optional(),
  updated_at: time(),
  shared_with_groups: z.array(sharedWithGroupSchema),
  owner: z.strictObject({ id: int(), username: z.string(), name: z.string(), web_url: z.string() }).optional(),
  runners_token: z.string().optional(),
  permissions: z.strictObject({ project_access: access, group_access: access }).optional(),
})
export type ProjectJson = z.infer<typeof projectSchema>
export type ProjectPermissionsJson = NonNullable<ProjectJson['permissions']>

/** A project of a list: full or `simple`, with the custom attributes administrators may ask for (group projects). */
const customAttributes = { custom_attributes: z.array(customAttributeSchema).optional() }
export const projectListItemSchema = z.union([
  projectSchema.extend(customAttributes),
  projectSimpleSchema.extend(customAttributes),
])
