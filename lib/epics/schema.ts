// Parameters and JSON of /groups/:id/epics (GitLab's ee/lib/api/epics.rb and EE::API::Entities::Epic).
import { z } from 'zod'
import { paramError } from '../api/errors'
import { date, int, time } from '../api/json-types'
import { p, toList } from '../api/param-types'
import { userBasicSchema } from '../users/schema'

export const EPIC_STATES = ['opened', 'closed'] as const
export const EPIC_ORDER = ['created_at', 'updated_at', 'title'] as const

/** Fields create and update share. GitLab declares `start_date`/`end_date` as aliases of the `*_fixed` columns (python-gitlab sends those names). */
const epicFields = {
  description: p.optional(p.string()),
  color: p.optional(p.string()),
  confidential: p.optional(p.bool()),
  start_date_fixed: p.optional(p.string()),
  start_date: p.optional(p.string()),
  start_date_is_fixed: p.optional(p.bool()),
  due_date_fixed: p.optional(p.string()),
  end_date: p.optional(p.string()),
  due_date_is_fixed: p.optional(p.bool()),
  labels: p.optional(p.stringList()),
  parent_id: p.optional(p.int()),
}

export const epicParams = z.object({ id: p.id(), epic_iid: p.int() })

export const createParams = z.object({ id: p.id(), title: p.string(), ...epicFields })
export type CreateParams = z.infer<typeof createParams>

/** On update an empty `labels` clears them (a sent key counts for `at_least_one_of`, blank or not). */
const clearableList = () =>
  z.preprocess(
    (v: string[] | string | null | undefined) => (v === '' || v === null ? [] : toList(v)),
    z.array(z.string()).optional(),
  )

export const updateParams = z.object({
  id: p.id(),
  epic_iid: p.int(),
  title: p.optional(p.string()),
  ...epicFields,
  labels: clearableList(),
  add_labels: p.optional(p.stringList()),
  remove_labels: p.optional(p.stringList()),
  state_event: p.optional(p.enum(['reopen', 'close'])),
})
export type UpdateParams = z.infer<typeof updateParams>

// Grape's `at_least_one_of`, in GitLab's order (the aliases count under the column names).
const UPDATE_KEYS = [
  'add_labels',
  'color',
  'confidential',
  'description',
  'due_date_fixed',
  'due_date_is_fixed',
  'labels',
  'parent_id',
  'remove_labels',
  'start_date_fixed',
  'start_date_is_fixed',
  'state_event',
  'title',
] as const

/** 400 `{"error":"add_labels, …, title are missing, at least one parameter must be provided"}` when nothing to change was sent. */
export function checkUpdateShape(params: UpdateParams): void {
  const sent = (k: string) => (params as Record<string, unknown>)[k] !== undefined
  if (UPDATE_KEYS.some(sent) || sent('start_date') || sent('end_date')) return
  throw paramError(`${UPDATE_KEYS.join(', ')} are missing, at least one parameter must be provided`)
}

export const listParams = z.object({
  id: p.id(),
  state: p.optional(p.enum(['opened', 'closed', 'all'])),
  search: p.optional(p.string()),
  author_id: p.optional(p.int()),
  labels: p.optional(p.stringList()),
  order_by: p.optional(p.enum(EPIC_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  include_descendant_groups: p.optional(p.bool()),
  confidential: p.optional(p.bool()),
})
export type ListParams = z.infer<typeof listParams>

/** EE::API::Entities::Epic (without `reference` and `subscribed`, which only some answers carry). */
export const epicSchema = z.strictObject({
  id: int(),
  iid: int(),
  color: z.string(),
  text_color: z.string(),
  group_id: int(),
  parent_id: int().nullable(),
  parent_iid: int().nullable(),
  imported: z.boolean(),
  imported_from: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  confidential: z.boolean(),
  author: userBasicSchema.nullable(),
  start_date: date().nullable(),
  start_date_is_fixed: z.boolean(),
  start_date_fixed: date().nullable(),
  start_date_from_inherited_source: date().nullable(),
  start_date_from_milestones: date().nullable(),
  end_date: date().nullable(),
  due_date: date().nullable(),
  due_date_is_fixed: z.boolean(),
  due_date_fixed: date().nullable(),
  due_date_from_inherited_source: date().nullable(),
  due_date_from_milestones: date().nullable(),
  state: z.enum(EPIC_STATES),
  web_edit_url: z.string(),
  web_url: z.string(),
  references: z.strictObject({ short: z.string(), relative: z.string(), full: z.string() }),
  created_at: time(),
  updated_at: time(),
  closed_at: time().nullable(),
  labels: z.array(z.string()),
  upvotes: int(),
  downvotes: int(),
  _links: z.strictObject({
    self: z.string(),
    epic_issues: z.string(),
    group: z.string(),
    parent: z.string().nullable(),
  }),
})
export type EpicJson = z.infer<typeof epicSchema>

/** GET of one epic adds `subscribed` (GitLab presents it with include_subscribed). */
export const epicDetailSchema = epicSchema.extend({ subscribed: z.boolean() })
