// Entities::Issue with GitLab's names and types. Notes, award emoji, milestones, time tracking and
// task lists do not exist here: their fields hold GitLab's values for an issue without them.
import { config } from '../config'
import type { UserBasicJson } from '../users/schema'
import type { IssueRow } from './find'
import type { IssueJson } from './schema'
import { isoOrNull, isoTime } from '../api/time'

export interface IssueRelations {
  projectPath: string
  labels: string[]
  assignees: UserBasicJson[]
  author: UserBasicJson | null
  closedBy: UserBasicJson | null
  epic: { id: number; iid: number; title: string; group_id: number } | null
}

export const issueWebUrl = (projectPath: string, iid: number) =>
  `${config().externalUrl}/${projectPath}/-/issues/${iid}`

export function issueEntity(row: IssueRow, rel: IssueRelations, subscribed?: boolean): IssueJson {
  const api = `${config().externalUrl}/api/v4/projects/${row.projectId}`
  return {
    id: row.id,
    iid: row.iid,
    project_id: row.projectId,
    title: row.title,
    description: row.description,
    state: row.state === 'closed' ? 'closed' : 'opened',
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    closed_at: isoOrNull(row.closedAt),
    closed_by: rel.closedBy,
    labels: rel.labels,
    milestone: null,
    assignees: rel.assignees,
    author: rel.author,
    type: 'ISSUE',
    assignee: rel.assignees[0] ?? null,
    user_notes_count: 0,
    merge_requests_count: 0,
    upvotes: 0,
    downvotes: 0,
    due_date: row.dueDate,
    confidential: row.confidential,
    discussion_locked: row.discussionLocked,
    issue_type: 'issue',
    web_url: issueWebUrl(rel.projectPath, row.iid),
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: { count: 0, completed_count: 0 },
    weight: row.weight,
    blocking_issues_count: 0,
    epic_iid: rel.epic?.iid ?? null,
    epic: rel.epic,
    has_tasks: false,
    _links: {
      self: `${api}/issues/${row.iid}`,
      notes: `${api}/issues/${row.iid}/notes`,
      award_emoji: `${api}/issues/${row.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
    references: { short: `#${row.iid}`, relative: `#${row.iid}`, full: `${rel.projectPath}#${row.iid}` },
    severity: 'UNKNOWN',
    subscribed,
    moved_to_id: null,
    imported: false,
    imported_from: 'none',
    service_desk_reply_to: null,
  }
}
