import { z } from 'zod'
import { int, time } from '../api/json-types'
import { p } from '../api/param-types'

export const projectRepositoriesParams = z.object({
  id: p.id(),
  tags: p.optional(p.bool()),
  tags_count: p.optional(p.bool()),
})
export const groupRepositoriesParams = z.object({ id: p.id() })
export const repositoryParams = z.object({
  id: p.int(),
  tags: p.optional(p.bool()),
  tags_count: p.optional(p.bool()),
  size: p.optional(p.bool()),
})
export const projectRepositoryParams = z.object({ id: p.id(), repository_id: p.int() })
export const tagsListParams = z.object({
  id: p.id(),
  repository_id: p.int(),
  // Keyset pagination (GitLab's tags keyset: by name, `last=<name>` in the next link).
  pagination: p.optional(p.enum(['offset', 'keyset'])),
  order_by: p.optional(p.enum(['name'])),
  sort: p.optional(p.enum(['asc', 'desc'])),
  last: p.optional(p.string()),
})
export const tagParams = z.object({ id: p.id(), repository_id: p.int(), tag_name: p.string() })

// Checked in the handler, after the project's access (Grape's `before` runs ahead of validation),
// so they arrive as sent: keep_n as a number or a string, the regexes as strings.
export const bulkDeleteParams = z.object({
  id: p.id(),
  repository_id: p.int(),
  name_regex_delete: p.optional(p.string()),
  name_regex: p.optional(p.string()),
  name_regex_keep: p.optional(p.string()),
  keep_n: p.optional(z.union([z.number(), z.string()])),
  older_than: p.optional(p.string()),
})
export type BulkDeleteParams = z.infer<typeof bulkDeleteParams>

/** Entities::ContainerRegistry::Tag. */
export const tagSchema = z.strictObject({ name: z.string(), path: z.string(), location: z.string() })
export type TagJson = z.infer<typeof tagSchema>

/** Entities::ContainerRegistry::TagDetails (null where the registry holds no such data, e.g. an index). */
export const tagDetailSchema = tagSchema.extend({
  revision: z.string().nullable(),
  short_revision: z.string().nullable(),
  digest: z.string().nullable(),
  created_at: time().nullable(),
  total_size: int().nullable(),
})
export type TagDetailJson = z.infer<typeof tagDetailSchema>

/** Entities::ContainerRegistry::Repository. */
export const repositorySchema = z.strictObject({
  id: int(),
  name: z.string(),
  path: z.string(),
  project_id: int(),
  location: z.string(),
  created_at: time(),
  cleanup_policy_started_at: time().nullable(),
  status: z.enum(['delete_scheduled', 'delete_ongoing', 'delete_failed']).nullable(),
  tags_count: int().optional(),
  tags: z.array(tagSchema).optional(),
  size: int().nullable().optional(),
  delete_api_path: z.string().optional(),
})
export type RepositoryJson = z.infer<typeof repositorySchema>

/** What the console's cleanup preview and the bulk deletion job decide per tag. */
export const cleanupDecisionSchema = z.strictObject({
  name: z.string(),
  created_at: time().nullable(),
  delete: z.boolean(),
  reason: z.enum(['delete', 'latest', 'not_matching', 'keep_regex', 'keep_n', 'newer', 'protected', 'over_limit']),
})
export type CleanupDecisionJson = z.infer<typeof cleanupDecisionSchema>
export const cleanupPreviewSchema = z.strictObject({
  tags_count: int(),
  delete_count: int(),
  max_list_size: int(),
  decisions: z.array(cleanupDecisionSchema),
})
