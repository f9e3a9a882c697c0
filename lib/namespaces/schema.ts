import { z } from 'zod'
import { p } from '../api/param-types'

export const listNamespacesParams = z.object({
  search: p.optional(p.string()),
  owned_only: p.optional(p.bool()),
  top_level_only: p.optional(p.bool()),
  // GitLab 17: `search` then matches the full path instead of name and path.
  full_path_search: p.optional(p.bool()),
})
export type ListNamespacesParams = z.infer<typeof listNamespacesParams>

export const namespaceParams = z.object({ id: p.id() })

export const existsParams = z.object({ id: p.string(), parent_id: p.optional(p.int()) })
export type ExistsParams = z.infer<typeof existsParams>
