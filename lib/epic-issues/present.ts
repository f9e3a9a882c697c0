// The link entities: an epic's issues as the list shows them (issue entity + link id and
// position) and the association as POST/DELETE answer it. A page costs the issue presenter's
// batch queries, whatever its size.
import type { Epic, WorkItemParentLink } from '../db'
import { presentEpics } from '../epics/present'
import { issueRowsByIds } from '../issues/find'
import { presentIssues } from '../issues/present'
import type { EpicIssueLinkJson } from './schema'

export async function presentEpicIssues(links: readonly WorkItemParentLink[]) {
  const rows = await issueRowsByIds(links.map((l) => l.childId))
  const presented = new Map((await presentIssues(rows)).map((json) => [json.id, json]))
  return links.flatMap((link) => {
    const issue = presented.get(link.childId)
    return issue ? [Object.assign({}, issue, { epic_issue_id: link.id, relative_position: link.relativePosition })] : []
  })
}

export async function presentLink(link: WorkItemParentLink, epic: Epic): Promise<EpicIssueLinkJson> {
  const [[epicJson], [issue]] = await Promise.all([
    presentEpics([epic]),
    issueRowsByIds([link.childId]).then(presentIssues),
  ])
  if (!epicJson || !issue) throw new Error(`link ${link.id} lost its epic or issue`)
  return {
    id: link.id,
    relative_position: link.relativePosition,
    epic: Object.assign({}, epicJson, { reference: `&${epic.iid}` }),
    issue,
  }
}
