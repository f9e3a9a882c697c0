// An epic's issues (GitLab's EpicIssues services) over WorkItemParentLink: list in position order,
// assign (first place; an issue of another epic moves), move between neighbours, remove. Positions
// are unique per epic, so two concurrent moves that chose the same position cannot both commit:
// the loser retries on the new state.
import { ApiError, conflict, forbidden, recordNotFound } from '../api/errors'
import { offsetPage, type OffsetPage, type PageWindow } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { getDb, isUniqueViolation, type Epic, type Prisma, type WorkItemParentLink } from '../db'
import { canAdminIssueRelation, readableIssueIds } from '../issues/access'
import { issueRowsByIds } from '../issues/find'
import { neighbours, positionBetween, spreadPositions, type Placed } from './positions'

const RETRIES = 8

async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= RETRIES) throw e
    }
  }
}

// SQLite's driver takes at most 999 bound values a statement: an epic of thousands of issues is read in slices.
async function issueRowsInChunks(ids: readonly number[]) {
  const rows = []
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await issueRowsByIds(ids.slice(i, i + 500))))
  return rows
}

/** The epic's links the actor may read (their issues readable), in position order, one page. */
export async function listLinks(actor: Actor, epic: Epic, window: PageWindow): Promise<OffsetPage<WorkItemParentLink>> {
  const db = await getDb()
  const links = await db.workItemParentLink.findMany({
    where: { parentId: epic.id },
    orderBy: [{ relativePosition: 'asc' }, { id: 'asc' }],
  })
  const readable = await readableIssueIds(actor, await issueRowsInChunks(links.map((l) => l.childId)))
  const visible = links.filter((l) => readable.has(l.childId))
  return offsetPage(visible.slice(window.skip, window.skip + window.take), visible.length, window)
}

/** A link of this epic, else `404 Not found`. */
export async function findLink(epic: Epic, linkId: number): Promise<WorkItemParentLink> {
  const link = await (await getDb()).workItemParentLink.findFirst({ where: { id: linkId, parentId: epic.id } })
  if (!link) throw recordNotFound()
  return link
}

/** The issue behind a link or an id, with GitLab's admin_issue_relation check (Guest+ that reads it). */
export async function relatableIssue(actor: Actor, issueId: number) {
  const [issue] = await issueRowsByIds([issueId])
  if (!issue) throw recordNotFound()
  if (!(await canAdminIssueRelation(actor, issue))) throw forbidden()
  return issue
}

async function rebalance(tx: Prisma.TransactionClient, epicId: number): Promise<void> {
  const links = await tx.workItemParentLink.findMany({
    where: { parentId: epicId },
    orderBy: [{ relativePosition: 'asc' }, { id: 'asc' }],
    select: { id: true, relativePosition: true },
  })
  if (!links.length) return
  const finals = spreadPositions(links.length)
  const oldMax = links[links.length - 1]!.relativePosition
  // Two statements, each never passing through a taken position: first every link moves below
  // both the old and the new range, then each takes its final place.
  const offset = oldMax - finals[0]! + 1
  await tx.$executeRaw`UPDATE "WorkItemParentLink" SET "relativePosition" = "relativePosition" - ${offset} WHERE "parentId" = ${epicId}`
  // One statement for every link: integers only (ids and positions from the database and spreadPositions).
  const cases = links
    .map((l, i) => `WHEN ${String(Math.trunc(l.id))} THEN ${String(Math.trunc(finals[i] ?? 0))}`)
    .join(' ')
  await tx.$executeRawUnsafe(
    `UPDATE "WorkItemParentLink" SET "relativePosition" = CASE "id" ${cases} END WHERE "parentId" = ${String(Math.trunc(epicId))}`,
  )
}

/** GitLab puts a newly assigned issue first. Counts rebalances for the measurements. */
export const rebalanceCount = { total: 0 }

async function firstPosition(tx: Prisma.TransactionClient, epicId: number): Promise<number> {
  const first = await tx.workItemParentLink.findFirst({
    where: { parentId: epicId },
    orderBy: { relativePosition: 'asc' },
    select: { relativePosition: true },
  })
  const pos = positionBetween(null, first?.relativePosition ?? null)
  if (pos !== null) return pos
  await rebalance(tx, epicId)
  rebalanceCount.total++
  return firstPosition(tx, epicId)
}

/** POST …/issues/:issue_id: 409 when already in this epic; an issue of another epic moves here. */
export async function assignIssue(actor: Actor, epic: Epic, issueId: number): Promise<WorkItemParentLink> {
  const issue = await relatableIssue(actor, issueId)
  return retrying(async () => {
    const db = await getDb()
    return db.$transaction(async (tx) => {
      const existing = await tx.workItemParentLink.findUnique({ where: { childId: issue.id } })
      if (existing?.parentId === epic.id) throw conflict('Issue(s) already assigned')
      const relativePosition = await firstPosition(tx, epic.id)
      if (existing)
        return tx.workItemParentLink.update({
          where: { id: existing.id },
          data: { parentId: epic.id, relativePosition },
        })
      return tx.workItemParentLink.create({ data: { parentId: epic.id, childId: issue.id, relativePosition } })
    })
  })
}

/** PUT …/issues/:epic_issue_id: between the named neighbours (ids outside the epic are ignored). */
export async function moveLink(
  actor: Actor,
  epic: Epic,
  link: WorkItemParentLink,
  moveBeforeId?: number,
  moveAfterId?: number,
): Promise<void> {
  await relatableIssue(actor, link.childId)
  await retrying(async () => {
    const db = await getDb()
    await db.$transaction(async (tx) => {
      for (let pass = 0; pass < 2; pass++) {
        const ordered: Placed[] = (
          await tx.workItemParentLink.findMany({
            where: { parentId: epic.id },
            orderBy: [{ relativePosition: 'asc' }, { id: 'asc' }],
            select: { id: true, relativePosition: true },
          })
        ).filter((l) => l.id !== link.id)
        const around = neighbours(ordered, moveBeforeId, moveAfterId)
        if (!around) return
        const { before } = around
        let { after } = around
        // Contradictory neighbours (the "after" one ahead of the "before" one): go after `before`.
        if (before && after && after.relativePosition <= before.relativePosition)
          after = ordered[ordered.indexOf(before) + 1] ?? null
        const pos = positionBetween(before?.relativePosition ?? null, after?.relativePosition ?? null)
        if (pos !== null) {
          await tx.workItemParentLink.update({ where: { id: link.id }, data: { relativePosition: pos } })
          return
        }
        await rebalance(tx, epic.id)
        rebalanceCount.total++
      }
      throw new ApiError(400, { message: 'Could not move the issue' })
    })
  })
}

export async function removeLink(link: WorkItemParentLink): Promise<void> {
  await (await getDb()).workItemParentLink.deleteMany({ where: { id: link.id } })
}
