import { z } from 'zod'
import { int } from '../api/json-types'
import { p } from '../api/param-types'
import { epicSchema } from '../epics/schema'
import { issueSchema } from '../issues/schema'

export const epicParams = z.object({ id: p.id(), epic_iid: p.int() })
export const assignParams = z.object({ id: p.id(), epic_iid: p.int(), issue_id: p.int() })
export const linkParams = z.object({ id: p.id(), epic_iid: p.int(), epic_issue_id: p.int() })
export const moveParams = linkParams.extend({ move_before_id: p.optional(p.int()), move_after_id: p.optional(p.int()) })

/** An issue in an epic's list: the issue entity plus its link (Entities::EpicIssue). */
export const epicIssueSchema = issueSchema.extend({ epic_issue_id: int(), relative_position: int() })
/** PUT answers the list with `subscribed` too. */
export const movedEpicIssueSchema = epicIssueSchema.extend({ subscribed: z.boolean() })
/** Entities::EpicIssueLink: the association as POST and DELETE answer it. */
export const epicIssueLinkSchema = z.strictObject({
  id: int(),
  relative_position: int(),
  epic: epicSchema.extend({ reference: z.string() }),
  issue: issueSchema,
})
export type EpicIssueLinkJson = z.infer<typeof epicIssueLinkSchema>
