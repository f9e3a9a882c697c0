import { z } from 'zod'
import { p } from '../api/param-types'

export const VISIBILITIES = ['private', 'internal', 'public'] as const
export const visibilityRank = (v: string) => VISIBILITIES.indexOf(v as (typeof VISIBILITIES)[number])
export type Visibility = (typeof VISIBILITIES)[number]
/** The wanted visibility, lowered to the parent's when it would exceed it. */
export const capVisibility = (wanted: string, parent?: string): Visibility =>
  (parent !== undefined && visibilityRank(wanted) > visibilityRank(parent) ? parent : visibilityRank(wanted) >= 0 ? wanted : 'private') as Visibility

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
  custom_attributes: p.optional(z.record(z.string(), z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string()))),
})
export type ListGroupsParams = z.infer<typeof listGroupsParams>
