import { z } from 'zod'
import { p } from '../api/param-types'

/** Branches: `sort` is one combined value (name_asc, updated_asc, updated_desc); default name_asc. */
export const listRefsParams = z.object({
  id: p.id(),
  search: p.optional(p.string()),
  sort: p.optional(p.enum(['name_asc', 'name_desc', 'updated_asc', 'updated_desc'])),
})
/** Tags: GitLab takes `order_by` (name, updated, version; default updated) and `sort` (asc, desc; default desc). */
export const listTagsParams = z.object({
  id: p.id(),
  search: p.optional(p.string()),
  order_by: p.optional(p.enum(['name', 'updated', 'version'])),
  sort: p.optional(p.enum(['asc', 'desc'])),
})
export type ListRefsParams = z.infer<typeof listRefsParams> | z.infer<typeof listTagsParams>

export const createBranchParams = z.object({ id: p.id(), branch: p.string(), ref: p.string() })
export const createTagParams = z.object({ id: p.id(), tag_name: p.string(), ref: p.string(), message: p.optional(p.string()) })
export const branchParams = z.object({ id: p.id(), branch: p.string() })
export const tagParams = z.object({ id: p.id(), tag_name: p.string() })
