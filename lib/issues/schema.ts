// Parameters and JSON of /projects/:id/issues (GitLab's lib/api/issues.rb, Entities::Issue).
import { z } from 'zod'
import { int, time, date } from '../api/json-types'
import { p, toList, toInt } from '../api/param-types'
import { userBasicSchema } from '../users/schema'

export const ISSUE_ORDER = [
  'created_at',
  'updated_at',
  'title',
  'id',
  'weight',
  'due_date',
  'relative_position',
] as const
export type IssueOrder = (typeof ISSUE_ORDER)[number]
export const ISSUE_STATES = ['opened', 'closed'] as const

/** A real calendar day written YYYY-MM-DD. */
export const isCalendarDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)

/** Rails clears the date on an empty value; anything else must be a day. */
const dueDate = () =>
  z
    .preprocess(
      (v: string | null) => (v === '' ? null : v),
      z.union([z.null(), z.string().refine(isCalendarDate, { params: { grape: 'is invalid' } })]),
    )
    .optional()
/** Labels as a comma string or an array; an empty value means "no labels" (it clears them on update). */
const labelList = () =>
  z.preprocess((v: string[] | string) => (v === '' ? [] : toList(v)), z.array(z.string())).optional()
const idList = () =>
  z
    .preprocess((v: (number | string)[] | string) => {
      const list = v === '' ? [] : toList(v)
      return Array.isArray(list) ? list.map(toInt) : list
    }, z.array(z.number().int()))
    .optional()

export const issueIidParams = z.object({ id: p.id(), issue_iid: p.int() })

const fields = {
  description: p.optional(p.string()),
  labels: labelList(),
  assignee_ids: idList(),
  /** Deprecated by GitLab in favour of assignee_ids. */
  assignee_id: p.optional(p.int()),
  confidential: p.optional(p.bool()),
  due_date: dueDate(),
  weight: p.optional(p.int()),
  discussion_locked: p.optional(p.bool()),
}

export const createIssueParams = z.object({ id: p.id(), title: p.string(), ...fields })
export type CreateIssueParams = z.infer<typeof createIssueParams>

export const updateIssueParams = issueIidParams.extend({
  title: p.optional(p.string()),
  ...fields,
  add_labels: labelList(),
  remove_labels: labelList(),
  state_event: p.optional(p.enum(['close', 'reopen'])),
})
export type UpdateIssueParams = z.infer<typeof updateIssueParams>
/** Grape's `at_least_one_of` on PUT, in the order of its message. */
export const UPDATE_FIELDS = [
  'title',
  'description',
  'assignee_ids',
  'assignee_id',
  'labels',
  'add_labels',
  'remove_labels',
  'due_date',
  'confidential',
  'state_event',
  'discussion_locked',
  'weight',
] as const

export const listIssuesParams = z.object({
  id: p.id(),
  state: p.optional(p.enum(['opened', 'closed', 'all'])),
  labels: labelList(),
  search: p.optional(p.string()),
  iids: idList(),
  author_id: p.optional(p.int()),
  assignee_id: p.optional(p.int()),
  confidential: p.optional(p.bool()),
  order_by: p.optional(p.enum(ISSUE_ORDER)),
  sort: p.optional(p.enum(['asc', 'desc'])),
  cursor: p.optional(p.string()),
})
export type ListIssuesParams = z.infer<typeof listIssuesParams>
export const groupIssuesParams = z.object({
  id: p.id(),
  state: p.optional(p.enum(['opened', 'closed', 'all'])),
  search: p.optional(p.string()),
})

/** The entity's `epic` (EE's EpicBaseEntity, the fields the issue's epic needs). */
export const issueEpicSchema = z.strictObject({ id: int(), iid: int(), title: z.string(), group_id: int() })

/** Entities::Issue (with EE's IssueBasic fields: weight, blocking_issues_count, epic_iid, epic). */
export const issueSchema = z.strictObject({
  id: int(),
  iid: int(),
  project_id: int(),
  title: z.string(),
  description: z.string().nullable(),
  state: z.enum(ISSUE_STATES),
  created_at: time(),
  updated_at: time(),
  closed_at: time().nullable(),
  closed_by: userBasicSchema.nullable(),
  labels: z.array(z.string()),
  milestone: z.null(),
  assignees: z.array(userBasicSchema),
  author: userBasicSchema.nullable(),
  type: z.literal('ISSUE'),
  assignee: userBasicSchema.nullable(),
  user_notes_count: int(),
  merge_requests_count: int(),
  upvotes: int(),
  downvotes: int(),
  due_date: date().nullable(),
  confidential: z.boolean(),
  discussion_locked: z.boolean().nullable(),
  issue_type: z.literal('issue'),
  web_url: z.string(),
  time_stats: z.strictObject({
    time_estimate: int(),
    total_time_spent: int(),
    human_time_estimate: z.string().nullable(),
    human_total_time_spent: z.string().nullable(),
  }),
  task_completion_status: z.strictObject({ count: int(), completed_count: int() }),
  weight: int().nullable(),
  blocking_issues_count: int(),
  epic_iid: int().nullable(),
  epic: issueEpicSchema.nullable(),
  has_tasks: z.boolean(),
  _links: z.strictObject({
    self: z.string(),
    notes: z.string(),
    award_emoji: z.string(),
    project: z.string(),
    closed_as_duplicate_of: z.string().nullable(),
  }),
  references: z.strictObject({ short: z.string(), relative: z.string(), full: z.string() }),
  severity: z.literal('UNKNOWN'),
  /** Single reads only: GitLab leaves it out of lists (include_subscribed: false). */
  subscribed: z.boolean().optional(),
  moved_to_id: int().nullable(),
  imported: z.boolean(),
  imported_from: z.string(),
  service_desk_reply_to: z.string().nullable(),
})
export type IssueJson = z.infer<typeof issueSchema>
