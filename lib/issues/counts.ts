// Open issues per project, for the project entity's `open_issues_count` (lib/projects/present.ts).
// Only lib/db below, so the projects domain can call it without an import cycle.
import { getDb } from '../db'

/** project id → its open issues (confidential ones included, as GitLab's OpenIssuesCountService for members); one query. */
export async function openIssueCounts(projectIds: readonly number[]): Promise<Map<number, number>> {
  if (!projectIds.length) return new Map()
  const rows = await (await getDb()).issue.groupBy({ by: ['projectId'], where: { projectId: { in: [...projectIds] }, state: 'opened' }, _count: { _all: true } })
  return new Map(rows.map((r) => [r.projectId, r._count._all]))
}
