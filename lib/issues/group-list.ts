// GET /groups/:id/issues (GitLab's group issues list, the subset the console's epic page searches
// with): open or closed issues of every project in the group tree whose issues the caller may read,
// confidential ones only where they are Planner/Reporter+ (or author/assignee), newest first, paged
// in the database.
import { offsetPage, type OffsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { containsInsensitive, getDb, type Prisma } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { issueAccess } from './access'
import type { IssueRow } from './find'

export interface GroupIssueFilter {
  state?: 'opened' | 'closed' | 'all'
  search?: string
}

export async function listGroupIssues(
  actor: Actor | null,
  projects: readonly ProjectWithNamespace[],
  filter: GroupIssueFilter,
  window: PageWindow,
): Promise<OffsetPage<IssueRow>> {
  const planner: number[] = []
  const reader: number[] = []
  for (const project of projects) {
    const access = await issueAccess(actor, project)
    if (access.planner) planner.push(project.id)
    else if (access.read) reader.push(project.id)
  }
  if (!planner.length && !reader.length) return offsetPage([], 0, window)
  const me = actor?.user.id
  const visible: Prisma.IssueWhereInput[] = [{ projectId: { in: planner } }]
  if (reader.length)
    visible.push({
      projectId: { in: reader },
      OR:
        me === undefined
          ? [{ confidential: false }]
          : [{ confidential: false }, { authorId: me }, { assignees: { some: { userId: me } } }],
    })
  const and: Prisma.IssueWhereInput[] = [{ OR: visible }]
  if (filter.state && filter.state !== 'all') and.push({ state: filter.state })
  if (filter.search)
    and.push({
      OR: [{ title: containsInsensitive(filter.search) }, { description: containsInsensitive(filter.search) }],
    })
  const where = { AND: and }
  const db = await getDb()
  return offsetList(
    'issue',
    where,
    window,
    db.issue.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: window.skip,
      take: window.take,
    }),
  )
}
