import { z } from 'zod'
import { p } from '../api/param-types'
import { VISIBILITIES } from '../groups/schema'

export const createProjectParams = z.object({
  name: p.optional(p.string()),
  path: p.optional(p.string()),
  namespace_id: p.optional(p.int()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  description: p.optional(p.string()),
  default_branch: p.optional(p.string()),
  initialize_with_readme: p.optional(p.bool()),
})
export type CreateProjectParams = z.infer<typeof createProjectParams>

export const updateProjectParams = z.object({
  id: p.id(),
  name: p.optional(p.string()),
  path: p.optional(p.string()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  description: p.optional(p.string()),
  default_branch: p.optional(p.string()),
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
export const groupProjectsParams = listProjectsParams.omit({ membership: true, id_after: true, id_before: true }).extend({
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
