import { z } from 'zod'
import { p } from '../api/param-types'

export const listRefsParams = z.object({
  id: p.id(),
  search: p.optional(p.string()),
  sort: p.optional(p.enum(['name_asc', 'name_desc', 'updated_asc', 'updated_desc'])),
  order_by: p.optional(p.enum(['name', 'updated', 'version'])),
})
export type ListRefsParams = z.infer<typeof listRefsParams>

export const createBranchParams = z.object({ id: p.id(), branch: p.string(), ref: p.string() })
export const createTagParams = z.object({ id: p.id(), tag_name: p.string(), ref: p.string(), message: p.optional(p.string()) })
export const branchParams = z.object({ id: p.id(), branch: p.string() })
export const tagParams = z.object({ id: p.id(), tag_name: p.string() })
