// Issues as JSON, a page at a time: authors, assignees, labels, projects and epics are each read
// once for the whole batch (a constant number of queries, whatever the page size).
import { epicRefsOfIssues } from '../epic-issues/rows'
import { projectsByIds } from '../projects/find'
import { userBasic } from '../users/entity'
import { usersByIds } from '../users/find'
import type { UserBasicJson } from '../users/schema'
import { issueEntity } from './entity'
import { assigneeIdsOf, labelsOf, type IssueRow } from './find'
import type { IssueJson } from './schema'

export interface PresentOptions {
  /** Single reads show `subscribed` for this user (the author and assignees are subscribed); lists leave it out, as GitLab. */
  subscribedFor?: number | null
}

/** The rows as Entities::Issue, in the rows' order. */
export async function presentIssues(rows: readonly IssueRow[], options: PresentOptions = {}): Promise<IssueJson[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [assignees, labels, projects, epics] = await Promise.all([
    assigneeIdsOf(ids),
    labelsOf(ids),
    projectsByIds([...new Set(rows.map((r) => r.projectId))]),
    epicRefsOfIssues(ids),
  ])
  const userIds = new Set<number>()
  for (const r of rows) {
    if (r.authorId !== null) userIds.add(r.authorId)
    if (r.closedById !== null) userIds.add(r.closedById)
    for (const a of assignees.get(r.id) ?? []) userIds.add(a)
  }
  const users = new Map<number, UserBasicJson>((await usersByIds([...userIds])).map((u) => [u.id, userBasic(u)]))
  const paths = new Map(projects.map((p) => [p.id, p.fullPath]))
  const user = (id: number | null) => (id === null ? null : (users.get(id) ?? null))
  return rows.map((r) => {
    const assigned = assignees.get(r.id) ?? []
    const subscribedFor = options.subscribedFor
    return issueEntity(
      r,
      {
        projectPath: paths.get(r.projectId) ?? '',
        labels: labels.get(r.id) ?? [],
        assignees: assigned.flatMap((id) => users.get(id) ?? []),
        author: user(r.authorId),
        closedBy: user(r.closedById),
        epic: epics.get(r.id) ?? null,
      },
      subscribedFor === undefined
        ? undefined
        : subscribedFor !== null && (r.authorId === subscribedFor || assigned.includes(subscribedFor)),
    )
  })
}
