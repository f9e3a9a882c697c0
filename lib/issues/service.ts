// Issues of a project: create (iid from the project's counter, in the insert's transaction),
// update (fields, labels, assignees, close/reopen), delete. Permission checks from access.ts.
import { forbidden, notFound, validation } from '../api/errors'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { nextInternalId } from '../internal-ids/service'
import { usersByIds } from '../users/find'
import { issueAccess, readsIssue, updatesIssue, type IssueAccess } from './access'
import { assigneeIdsOf, issueRowByIid, labelsOf, type IssueRow } from './find'
import type { CreateIssueParams, UpdateIssueParams } from './schema'

/** The actor's access to the project's issues; GitLab answers 403 when the feature is off for them. */
export async function issuesOf(actor: Actor | null, project: ProjectWithNamespace): Promise<IssueAccess> {
  const access = await issueAccess(actor, project)
  if (!access.feature) throw forbidden()
  return access
}

/** An issue the actor may read, else `404 Issue Not Found`. */
export async function findIssue(
  actor: Actor | null,
  project: ProjectWithNamespace,
  access: IssueAccess,
  iid: number,
): Promise<IssueRow> {
  const row = await issueRowByIid(project.id, iid)
  if (!row) throw notFound('Issue')
  const assignees = row.confidential && !access.planner ? (await assigneeIdsOf([row.id])).get(row.id) : undefined
  if (!readsIssue(actor, access, row, assignees)) throw notFound('Issue')
  return row
}

const uniqueLabels = (names: readonly string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))]

/** Users that exist, in the order given (GitLab drops unknown assignee ids). */
async function existingUserIds(ids: readonly number[]): Promise<number[]> {
  const found = new Set((await usersByIds([...new Set(ids)])).map((u) => u.id))
  return [...new Set(ids)].filter((id) => found.has(id))
}

type Fields = Pick<CreateIssueParams, 'title' | 'weight'>
function check(input: Partial<Fields>) {
  const errors: Record<string, string[]> = {}
  if (input.title !== undefined && !input.title.trim()) errors.title = ["can't be blank"]
  else if (input.title !== undefined && input.title.length > 255)
    errors.title = ['is too long (maximum is 255 characters)']
  if (input.weight !== undefined && input.weight < 0) errors.weight = ['must be greater than or equal to 0']
  if (Object.keys(errors).length) throw validation(errors)
}

/**
 * GitLab's IssuableBaseService#filter_params: without set_issue_metadata (Planner/Reporter+) the
 * labels, assignees, due date, weight and lock are dropped silently.
 */
function metadataAllowed<T extends Partial<UpdateIssueParams>>(access: IssueAccess, input: T): T {
  if (access.planner) return input
  const {
    labels: _l,
    add_labels: _a,
    remove_labels: _r,
    assignee_ids: _i,
    assignee_id: _j,
    due_date: _d,
    weight: _w,
    discussion_locked: _k,
    ...rest
  } = input
  return rest as T
}

const assigneeInput = (input: Pick<CreateIssueParams, 'assignee_ids' | 'assignee_id'>) =>
  input.assignee_ids ??
  (input.assignee_id !== undefined ? (input.assignee_id === 0 ? [] : [input.assignee_id]) : undefined)

export async function createIssue(
  actor: Actor,
  project: ProjectWithNamespace,
  access: IssueAccess,
  params: CreateIssueParams,
): Promise<IssueRow> {
  if (!access.guest) throw forbidden()
  check(params)
  const input = metadataAllowed(access, params)
  const assignees = await existingUserIds(assigneeInput(input) ?? [])
  const labels = uniqueLabels(input.labels ?? [])
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const iid = await nextInternalId(tx, 'issues', project.id)
    return tx.issue.create({
      data: {
        projectId: project.id,
        iid,
        title: params.title.trim(),
        description: input.description ?? null,
        authorId: actor.user.id,
        confidential: input.confidential ?? false,
        dueDate: input.due_date ?? null,
        weight: input.weight ?? null,
        discussionLocked: input.discussion_locked ?? null,
        labels: { create: labels.map((name) => ({ name })) },
        assignees: { create: assignees.map((userId) => ({ userId })) },
      },
    })
  })
}

export async function updateIssue(
  actor: Actor,
  project: ProjectWithNamespace,
  access: IssueAccess,
  row: IssueRow,
  params: UpdateIssueParams,
): Promise<IssueRow> {
  const current = (await assigneeIdsOf([row.id])).get(row.id) ?? []
  if (!updatesIssue(actor, access, row, current)) throw forbidden()
  check(params)
  const input = metadataAllowed(access, params)
  const assigneeIds = assigneeInput(input)
  const assignees = assigneeIds === undefined ? undefined : await existingUserIds(assigneeIds)
  let labels: string[] | undefined
  if (input.labels !== undefined || input.add_labels !== undefined || input.remove_labels !== undefined) {
    const base =
      input.labels !== undefined ? uniqueLabels(input.labels) : ((await labelsOf([row.id])).get(row.id) ?? [])
    const removed = new Set(uniqueLabels(input.remove_labels ?? []))
    labels = uniqueLabels([...base, ...(input.add_labels ?? [])]).filter((l) => !removed.has(l))
  }
  const data: Prisma.IssueUpdateInput = {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.confidential !== undefined ? { confidential: input.confidential } : {}),
    ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}),
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    ...(input.discussion_locked !== undefined ? { discussionLocked: input.discussion_locked } : {}),
  }
  if (input.state_event === 'close' && row.state !== 'closed')
    Object.assign(data, { state: 'closed', closedAt: new Date(), closedById: actor.user.id })
  if (input.state_event === 'reopen' && row.state === 'closed')
    Object.assign(data, { state: 'opened', closedAt: null, closedById: null })
  const db = await getDb()
  return db.$transaction(async (tx) => {
    if (labels !== undefined) {
      await tx.issueLabel.deleteMany({ where: { issueId: row.id } })
      if (labels.length) await tx.issueLabel.createMany({ data: labels.map((name) => ({ issueId: row.id, name })) })
    }
    if (assignees !== undefined) {
      await tx.issueAssignee.deleteMany({ where: { issueId: row.id } })
      if (assignees.length)
        await tx.issueAssignee.createMany({ data: assignees.map((userId) => ({ issueId: row.id, userId })) })
    }
    // A change of labels or assignees alone still moves updated_at, as GitLab's.
    return tx.issue.update({ where: { id: row.id }, data: { ...data, updatedAt: new Date() } })
  })
}

/** GitLab's destroy_issue: Owners (and administrators). */
export async function deleteIssue(access: IssueAccess, row: IssueRow): Promise<void> {
  if (!access.owner) throw forbidden()
  await (await getDb()).issue.delete({ where: { id: row.id } })
}
