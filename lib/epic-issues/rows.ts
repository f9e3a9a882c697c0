// The epic each issue belongs to (an issue has at most one), for the issue entity's `epic` field.
// One query for the links and one for the epics, whatever the number of issues.
import { getDb } from '../db'
import { epicsByIds } from '../epics/rows'

export interface EpicRef {
  id: number
  iid: number
  title: string
  group_id: number
}

export async function epicRefsOfIssues(issueIds: readonly number[]): Promise<Map<number, EpicRef>> {
  if (!issueIds.length) return new Map()
  const links = await (
    await getDb()
  ).workItemParentLink.findMany({
    where: { childId: { in: [...issueIds] } },
    select: { childId: true, parentId: true },
  })
  const epics = new Map((await epicsByIds(links.map((l) => l.parentId))).map((e) => [e.id, e]))
  const refs = new Map<number, EpicRef>()
  for (const link of links) {
    const epic = epics.get(link.parentId)
    if (epic) refs.set(link.childId, { id: epic.id, iid: epic.iid, title: epic.title, group_id: epic.groupId })
  }
  return refs
}
