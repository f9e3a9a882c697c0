import { z } from 'zod'
import { p } from '../api/param-types'
import { time } from '../api/json-types'

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
export const createTagParams = z.object({
  id: p.id(),
  tag_name: p.string(),
  ref: p.string(),
  message: p.optional(p.string()),
})
export const branchParams = z.object({ id: p.id(), branch: p.string() })
export const tagParams = z.object({ id: p.id(), tag_name: p.string() })

/** Entities::Commit (the commit embedded in branches and tags). */
export const commitSchema = z.strictObject({
  id: z.string(),
  short_id: z.string(),
  created_at: time(),
  parent_ids: z.array(z.string()),
  title: z.string(),
  message: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  authored_date: time(),
  committer_name: z.string(),
  committer_email: z.string(),
  committed_date: time(),
  trailers: z.record(z.string(), z.string()),
  extended_trailers: z.record(z.string(), z.array(z.string())),
  web_url: z.string(),
})
export type CommitJson = z.infer<typeof commitSchema>

/** Entities::Branch. */
export const branchSchema = z.strictObject({
  name: z.string(),
  commit: commitSchema,
  merged: z.boolean(),
  protected: z.boolean(),
  developers_can_push: z.boolean(),
  developers_can_merge: z.boolean(),
  can_push: z.boolean(),
  default: z.boolean(),
  web_url: z.string(),
})
export type BranchJson = z.infer<typeof branchSchema>
export type BranchProtection = Pick<
  BranchJson,
  'protected' | 'developers_can_push' | 'developers_can_merge' | 'can_push'
>

/** Entities::Tag (no releases here: `release` is always null; `created_at` only on annotated tags). */
export const tagSchema = z.strictObject({
  name: z.string(),
  message: z.string(),
  target: z.string(),
  commit: commitSchema,
  release: z.null(),
  protected: z.boolean(),
  created_at: time().nullable(),
})
export type TagJson = z.infer<typeof tagSchema>
