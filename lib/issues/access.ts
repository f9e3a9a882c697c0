// Who may do what with a project's issues (GitLab's ProjectPolicy/IssuePolicy, issue 16's rules):
// reads follow the project and its issues feature (disabled: nobody; private: members only);
// confidential issues only to Planner/Reporter+, their author and assignees; Guest+ creates, where
// any signed-in non-external user counts as a guest of a public or internal project; the author,
// an assignee or Planner/Reporter+ updates; Owners delete.
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { issuesAccessLevel, type ProjectWithNamespace } from '../projects/entity'
import { projectSubject, projectsByIds } from '../projects/find'
import { assigneeIdsOf, type IssueRow } from './find'

export interface IssueAccess {
  /** The issues feature is available to the actor (else GitLab's 403 on every issue endpoint). */
  feature: boolean
  /** Non-confidential issues (the feature is available and the project readable). */
  read: boolean
  /** Guest access: create issues, link them (admin_issue_relation). */
  guest: boolean
  /** Confidential issues and any issue's update: Planner, Reporter and above. */
  planner: boolean
  /** Delete: Owner. */
  owner: boolean
}

function visibleTo(actor: Actor | null, visibility: string): boolean {
  return visibility === 'public' || (visibility === 'internal' && !!actor && !actor.user.external)
}

/** The actor's rights on a project's issues; the level comes from the cached memberships (no query once cached). */
export async function issueAccess(actor: Actor | null, project: ProjectWithNamespace): Promise<IssueAccess> {
  const level = actor?.user.admin ? ACCESS.OWNER + 10 : await accessLevel(actor, projectSubject(project))
  const feature = issuesAccessLevel(project.issuesAccessLevel)
  const member = level >= ACCESS.GUEST
  const available =
    feature === 'enabled' ? member || visibleTo(actor, project.visibility) : feature === 'private' ? member : false
  const signedInGuest =
    !!actor && !actor.user.external && (project.visibility === 'public' || project.visibility === 'internal')
  return {
    feature: available,
    read: available,
    guest: available && (member || signedInGuest),
    planner: available && level >= ACCESS.PLANNER,
    owner: available && level >= ACCESS.OWNER,
  }
}

const involved = (actor: Actor | null, row: IssueRow, assignees: readonly number[] | undefined) =>
  !!actor && (row.authorId === actor.user.id || !!assignees?.includes(actor.user.id))

/** May the actor read this issue, given their access to its project and its assignees. */
export function readsIssue(
  actor: Actor | null,
  access: IssueAccess,
  row: IssueRow,
  assignees: readonly number[] | undefined,
): boolean {
  if (!access.read) return false
  return !row.confidential || access.planner || involved(actor, row, assignees)
}

/** GitLab's update_issue: Planner/Reporter+, or the author or an assignee with guest access. */
export function updatesIssue(
  actor: Actor | null,
  access: IssueAccess,
  row: IssueRow,
  assignees: readonly number[] | undefined,
): boolean {
  if (!readsIssue(actor, access, row, assignees)) return false
  return access.planner || (access.guest && involved(actor, row, assignees))
}

/**
 * The ids of the rows the actor may read: one query for their projects and one for the assignees
 * of confidential issues, whatever the number of rows (memberships are cached per user).
 */
export async function readableIssueIds(actor: Actor | null, rows: readonly IssueRow[]): Promise<Set<number>> {
  if (!rows.length) return new Set()
  const projects = await projectsByIds([...new Set(rows.map((r) => r.projectId))])
  const access = new Map<number, IssueAccess>()
  for (const project of projects) access.set(project.id, await issueAccess(actor, project))
  const needAssignees = rows
    .filter((r) => r.confidential && access.get(r.projectId)?.read && !access.get(r.projectId)?.planner)
    .map((r) => r.id)
  const assignees = actor ? await assigneeIdsOf(needAssignees) : new Map<number, number[]>()
  const out = new Set<number>()
  for (const row of rows) {
    const a = access.get(row.projectId)
    if (a && readsIssue(actor, a, row, assignees.get(row.id))) out.add(row.id)
  }
  return out
}

/** GitLab's admin_issue_relation: guest access to the issue's project and read access to the issue. */
export async function canAdminIssueRelation(actor: Actor | null, row: IssueRow): Promise<boolean> {
  if (!actor) return false
  const [project] = await projectsByIds([row.projectId])
  if (!project) return false
  const access = await issueAccess(actor, project)
  if (!access.guest) return false
  return readsIssue(actor, access, row, (await assigneeIdsOf([row.id])).get(row.id))
}
