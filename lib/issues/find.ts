// Issue rows for this domain and others (the epic-issue links), without a permission check:
// callers filter them through access.ts.
import { getDb, type Issue } from '../db'

export type IssueRow = Issue

/** Rows for a set of ids, in no particular order; missing ids are skipped. One query. */
export async function issueRowsByIds(ids: readonly number[]): Promise<IssueRow[]> {
  if (!ids.length) return []
  return (await getDb()).issue.findMany({ where: { id: { in: [...ids] } } })
}

export async function issueRowByIid(projectId: number, iid: number): Promise<IssueRow | null> {
  return (await getDb()).issue.findUnique({ where: { projectId_iid: { projectId, iid } } })
}

/** issue id → its assignees' user ids, in the order they were added (GitLab's `assignee` is the first). One query. */
export async function assigneeIdsOf(issueIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>()
  if (!issueIds.length) return out
  const rows = await (
    await getDb()
  ).issueAssignee.findMany({
    where: { issueId: { in: [...issueIds] } },
    orderBy: [{ issueId: 'asc' }, { userId: 'asc' }],
  })
  for (const r of rows) out.set(r.issueId, [...(out.get(r.issueId) ?? []), r.userId])
  return out
}

/** issue id → its label names, sorted (as GitLab's entity shows them). One query. */
export async function labelsOf(issueIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>()
  if (!issueIds.length) return out
  const rows = await (
    await getDb()
  ).issueLabel.findMany({ where: { issueId: { in: [...issueIds] } }, orderBy: [{ issueId: 'asc' }, { name: 'asc' }] })
  for (const r of rows) out.set(r.issueId, [...(out.get(r.issueId) ?? []), r.name])
  return out
}
