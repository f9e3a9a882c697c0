import { z } from 'zod'
import { p } from '../api/param-types'
import { namespaceBasicSchema } from '../groups/schema'

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

const int = () => z.number().int()

/** Entities::Namespace with EE's additions; the optional keys are shown to some callers only (entity.ts). */
export const namespaceSchema = namespaceBasicSchema.extend({
  members_count_with_descendants: int().optional(),
  root_repository_size: int().nullable().optional(),
  projects_count: int().optional(),
  shared_runners_minutes_limit: int().nullable().optional(),
  extra_shared_runners_minutes_limit: int().nullable().optional(),
  additional_purchased_storage_size: int().optional(),
  additional_purchased_storage_ends_on: z.iso.date().nullable().optional(),
  billable_members_count: int().nullable(),
  plan: z.string().optional(),
  trial_ends_on: z.iso.date().nullable().optional(),
  trial: z.boolean().optional(),
})
export type NamespaceJson = z.infer<typeof namespaceSchema>

export const namespaceExistenceSchema = z.strictObject({ exists: z.boolean(), suggests: z.array(z.string()) })
