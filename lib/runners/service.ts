// Runners (GitLab's Ci::Runner and its services): finders for the lists (owned, all, a project's,
// a group's) as database filters, the access rules of RunnerPolicy, and the writes (create,
// update, delete, assign, unassign, token reset), each in one transaction.
import { ApiError, badRequest, forbidden, notFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel, can } from '../auth/policy'
import { membershipsOf } from '../auth/memberships'
import { digestToken } from '../auth/token-digest'
import { findManyFast, findManyKept, findOneKept, getDb, prefixRange, type Prisma } from '../db'
import type { Namespace, Runner, RunnerManager } from '../db'
import { managersRunningJobs, runnersRunningJobs } from '../ci-jobs/running'
import { groupSubject } from '../groups/find'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectSubject } from '../projects/find'
import { newRunnerToken } from './authenticate'
import { managerEntity, runnerDetails, runnerEntity, tagsOf, type RunnerExtras } from './entity'
import type { ListParams, RunnerAttributes } from './schema'
import { scopeWhere, STATUSES_INCL_DEPRECATED } from './status'
import { usersByIds } from '../users/find'
import { namespaceRow } from '../groups/namespaces'
import { ancestorIds } from '../util/traversal-ids'

export const runnerNotFound = () => notFound('Runner')
const noAccess = () => forbidden('No access granted')

/** GitLab's filter_params as where clauses (`scope` checked against what the list allows). */
export function filterWhere(params: Partial<ListParams>, allowedScopes?: readonly string[]): Prisma.RunnerWhereInput[] {
  const and: Prisma.RunnerWhereInput[] = []
  if (params.scope) {
    if (allowedScopes && !allowedScopes.includes(params.scope))
      throw new ApiError(400, { message: 'Scope contains invalid value' })
    and.push(scopeWhere(params.scope))
  }
  if (params.type) and.push(scopeWhere(params.type))
  if (params.status) and.push(scopeWhere(params.status))
  if (params.paused !== undefined) and.push({ paused: params.paused })
  if (params.version_prefix) and.push({ managers: { some: { version: { startsWith: params.version_prefix } } } })
  for (const tag of params.tag_list ?? []) and.push({ tags: { some: { name: tag } } })
  if (params.search)
    and.push({ OR: [{ description: { contains: params.search } }, { tokenDigest: digestToken(params.search) }] })
  return and
}

/** Runners the user manages (User#ci_owned_runners): Maintainer+ of an assigned project, Owner of the group. */
export async function ownedWhere(actor: Actor): Promise<Prisma.RunnerWhereInput> {
  const m = await membershipsOf(actor.user.id)
  const maintainerProjects = [...m.projects].filter(([, l]) => l >= ACCESS.MAINTAINER).map(([id]) => id)
  const pathsAt = (level: number) =>
    [...m.namespaces]
      .filter(([, l]) => l >= level)
      .map(([id]) => m.namespacePaths.get(id))
      .filter((p): p is string => !!p)
  const projectOr: Prisma.ProjectWhereInput[] = [
    ...(maintainerProjects.length ? [{ id: { in: maintainerProjects } }] : []),
    ...pathsAt(ACCESS.MAINTAINER).map((p) => ({ traversalIds: prefixRange(p) })),
    ...(m.personalNamespaceId ? [{ namespaceId: m.personalNamespaceId }] : []),
  ]
  const ownerPaths = pathsAt(ACCESS.OWNER)
  const or: Prisma.RunnerWhereInput[] = []
  if (projectOr.length) or.push({ runnerType: 'project_type', projects: { some: { project: { OR: projectOr } } } })
  if (ownerPaths.length)
    or.push({ runnerType: 'group_type', group: { OR: ownerPaths.map((p) => ({ traversalIds: prefixRange(p) })) } })
  return or.length ? { OR: or } : { id: -1 }
}

/** Ci::Runner.owned_or_instance_wide: the project's own, its groups', and instance runners if enabled. */
export function projectRunnersWhere(project: ProjectWithNamespace): Prisma.RunnerWhereInput {
  return {
    OR: [
      { projects: { some: { projectId: project.id } } },
      { runnerType: 'group_type', groupId: { in: ancestorIds(project.traversalIds) } },
      ...(project.sharedRunnersEnabled ? [{ runnerType: 'instance_type' }] : []),
    ],
  }
}

/** Ci::Runner.group_or_instance_wide: the group's and its ancestors' runners and instance runners. */
export function groupRunnersWhere(group: Namespace): Prisma.RunnerWhereInput {
  return {
    OR: [
      { runnerType: 'group_type', groupId: { in: ancestorIds(group.traversalIds) } },
      { runnerType: 'instance_type' },
    ],
  }
}

export async function listRunners(where: Prisma.RunnerWhereInput[], window: PageWindow) {
  const filter = { AND: where }
  // Prepared statement for plain filters; the owned/project/group/tag ones are relation filters,
  // which stay with Prisma.
  return offsetList(
    'runner',
    filter,
    window,
    findManyKept('Runner', {
      where: filter,
      orderBy: { id: 'asc' },
      skip: window.skip,
      take: window.take,
      fallback: 'expected',
    }),
  )
}

/** The batched lookups runner entities need: creators and which runners are running a job. */
export async function runnerExtras(rows: Runner[]): Promise<RunnerExtras> {
  if (!rows.length) return { creators: new Map(), busy: new Set() }
  const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((x): x is number => x !== null))]
  const [creators, busy] = await Promise.all([usersByIds(creatorIds), runnersRunningJobs(rows.map((r) => r.id))])
  return { creators: new Map(creators.map((u) => [u.id, u])), busy }
}

/** GET /runners/:id/managers: a runner's managers, each marked busy while it runs a job. */
export async function presentManagers(runner: Runner) {
  const [managers, busy] = await Promise.all([
    // A runner has one manager per machine it runs on: the bound is only there because a statement needs one.
    findManyFast('RunnerManager', { where: { runnerId: runner.id }, orderBy: { id: 'asc' }, take: 100_000 }),
    managersRunningJobs(runner.id),
  ])
  return managers.map((m) => managerEntity(m, busy.has(m.id)))
}

/** Runner rows for a set of ids, in no particular order; missing ids are skipped. */
export async function runnersByIds(ids: readonly number[]): Promise<Runner[]> {
  if (!ids.length) return []
  return (await getDb()).runner.findMany({ where: { id: { in: [...ids] } } })
}

/** The manager of a runner with this system_id, or null. */
export async function runnerManagerBySystemId(runnerId: number, systemId: string): Promise<RunnerManager | null> {
  return (await getDb()).runnerManager.findUnique({ where: { runnerId_systemId: { runnerId, systemId } } })
}

export async function presentRunners(rows: Runner[]) {
  const extras = await runnerExtras(rows)
  return rows.map((r) => runnerEntity(r, extras))
}

export async function findRunner(id: number): Promise<Runner> {
  // A prepared statement, not Prisma (≈ 200 µs): every runner page and runner API call starts here.
  const runner = await findOneKept('Runner', 'id', id)
  if (!runner) throw runnerNotFound()
  return runner
}

async function assignedProjects(runnerId: number): Promise<ProjectWithNamespace[]> {
  const db = await getDb()
  const links = await db.runnerProject.findMany({
    where: { runnerId },
    orderBy: { id: 'asc' },
    include: { project: { include: { namespace: true } } },
  })
  return links.map((l) => l.project)
}

/** RunnerPolicy's admin_runner: the actor owns the runner (admins own every one). */
export async function ownsRunner(actor: Actor, runner: Runner): Promise<boolean> {
  if (actor.user.admin) return true
  if (runner.runnerType === 'instance_type') return false
  if (runner.runnerType === 'group_type') {
    const group = runner.groupId ? await namespaceRow(runner.groupId) : null
    return !!group && (await accessLevel(actor, groupSubject(group))) >= ACCESS.OWNER
  }
  for (const project of await assignedProjects(runner.id))
    if ((await accessLevel(actor, projectSubject(project))) >= ACCESS.MAINTAINER) return true
  return false
}

/** GET /runners/:id: instance runners to any signed-in user, others to their owners. */
export async function requireShow(actor: Actor, runner: Runner) {
  if (runner.runnerType === 'instance_type' || actor.user.admin) return
  if (!(await ownsRunner(actor, runner))) throw noAccess()
}

export async function requireUpdate(actor: Actor, runner: Runner) {
  if (!(await ownsRunner(actor, runner))) throw noAccess()
}

export async function requireDelete(actor: Actor, runner: Runner) {
  if (actor.user.admin) return
  const db = await getDb()
  if (runner.runnerType === 'project_type' && (await db.runnerProject.count({ where: { runnerId: runner.id } })) > 1)
    throw forbidden('Runner associated with more than one project')
  if (!(await ownsRunner(actor, runner))) throw noAccess()
}

export async function detail(actor: Actor, runner: Runner) {
  const [extras, projects, group, latestManager, canUpdate] = await Promise.all([
    runnerExtras([runner]),
    runner.runnerType === 'project_type' ? assignedProjects(runner.id) : Promise.resolve([]),
    runner.groupId ? namespaceRow(runner.groupId) : Promise.resolve(null),
    findManyKept('RunnerManager', {
      where: { runnerId: runner.id },
      orderBy: [{ contactedAt: 'desc' }, { id: 'desc' }],
      take: 1,
    }).then((r) => r[0] ?? null),
    ownsRunner(actor, runner),
  ])
  // Only what the caller may see of the runner's projects and groups (GitLab's authorized_*).
  const visibleProjects = []
  for (const p of projects) if (await can(actor, 'read_project', projectSubject(p))) visibleProjects.push(p)
  const groups = group && (await can(actor, 'read_group', groupSubject(group))) ? [group] : []
  return runnerDetails(runner, { ...extras, projects: visibleProjects, groups, latestManager, canUpdate })
}

function validateAttributes(attrs: RunnerAttributes, current?: Runner) {
  const errors: Record<string, string[]> = {}
  if (attrs.description !== undefined && attrs.description.length > 1024)
    errors.description = ['is too long (maximum is 1024 characters)']
  if (attrs.maximum_timeout !== undefined && attrs.maximum_timeout < 600)
    errors.maximum_timeout = ['needs to be at least 10 minutes']
  if (attrs.maintenance_note !== undefined && attrs.maintenance_note.length > 1024)
    errors.maintenance_note = ['is too long (maximum is 1024 characters)']
  const tags = attrs.tag_list ?? (current ? tagsOf(current) : [])
  const runUntagged = attrs.run_untagged ?? current?.runUntagged ?? true
  if (tags.length > 50) errors.tags_list = ['Too many tags specified. Please limit the number of tags to 50']
  else if (!runUntagged && !tags.length)
    errors.tags_list = ['can not be empty when runner is not allowed to pick untagged jobs']
  if (tags.some((t) => t.length > 255)) errors.tags_list = ['tag is too long (maximum is 255 characters)']
  if (Object.keys(errors).length) throw validation(errors)
}

const uniqueTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))]

type RunnerScalars = Partial<
  Pick<
    Runner,
    | 'description'
    | 'paused'
    | 'runUntagged'
    | 'locked'
    | 'accessLevel'
    | 'maximumTimeout'
    | 'maintenanceNote'
    | 'tagList'
  >
>

function attributeData(attrs: RunnerAttributes): RunnerScalars {
  const data: RunnerScalars = {}
  if (attrs.description !== undefined) data.description = attrs.description
  if (attrs.paused !== undefined) data.paused = attrs.paused
  else if (attrs.active !== undefined) data.paused = !attrs.active
  if (attrs.run_untagged !== undefined) data.runUntagged = attrs.run_untagged
  if (attrs.locked !== undefined) data.locked = attrs.locked
  if (attrs.access_level !== undefined) data.accessLevel = attrs.access_level
  if (attrs.maximum_timeout !== undefined) data.maximumTimeout = attrs.maximum_timeout
  if (attrs.maintenance_note !== undefined) data.maintenanceNote = attrs.maintenance_note
  if (attrs.tag_list !== undefined) data.tagList = JSON.stringify(uniqueTags(attrs.tag_list))
  return data
}

async function writeTags(tx: Prisma.TransactionClient, runnerId: number, tags: string[]) {
  await tx.runnerTag.deleteMany({ where: { runnerId } })
  if (tags.length) await tx.runnerTag.createMany({ data: uniqueTags(tags).map((name) => ({ runnerId, name })) })
}

export async function updateRunner(runner: Runner, attrs: RunnerAttributes): Promise<Runner> {
  validateAttributes(attrs, runner)
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const updated = await tx.runner.update({ where: { id: runner.id }, data: attributeData(attrs) })
    if (attrs.tag_list !== undefined) await writeTags(tx, runner.id, attrs.tag_list)
    return updated
  })
}

export async function deleteRunner(runner: Runner): Promise<void> {
  const db = await getDb()
  await db.runner.delete({ where: { id: runner.id } })
}

export type RunnerOwner =
  | { runnerType: 'instance_type' }
  | { runnerType: 'group_type'; groupId: number }
  | { runnerType: 'project_type'; projectId: number }

/** A new runner and its authentication token (shown once; only its digest is stored). */
export async function createRunner(
  owner: RunnerOwner,
  attrs: RunnerAttributes & { name?: string; info?: Record<string, unknown> },
  meta: { creatorId: number | null; registrationType: 'registration_token' | 'authenticated_user' },
) {
  validateAttributes(attrs)
  const token = newRunnerToken()
  const db = await getDb()
  const info = attrs.info ?? {}
  const str = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 255) : null)
  const runner = await db.$transaction(async (tx) => {
    const created = await tx.runner.create({
      data: {
        ...attributeData(attrs),
        runnerType: owner.runnerType,
        groupId: owner.runnerType === 'group_type' ? owner.groupId : null,
        name: str(attrs.name) ?? str(info.name),
        version: str(info.version),
        revision: str(info.revision),
        platform: str(info.platform),
        architecture: str(info.architecture),
        tokenDigest: digestToken(token),
        registrationType: meta.registrationType,
        creatorId: meta.creatorId,
      },
    })
    if (attrs.tag_list?.length) await writeTags(tx, created.id, attrs.tag_list)
    if (owner.runnerType === 'project_type')
      await tx.runnerProject.create({ data: { runnerId: created.id, projectId: owner.projectId } })
    return created
  })
  return { runner, token }
}

export async function resetAuthenticationToken(runner: Runner): Promise<string> {
  const token = newRunnerToken()
  const db = await getDb()
  await db.runner.update({ where: { id: runner.id }, data: { tokenDigest: digestToken(token) } })
  return token
}

/** POST /projects/:id/runners (Ci::Runners::AssignRunnerService). */
export async function assignRunner(actor: Actor, runner: Runner, project: ProjectWithNamespace): Promise<void> {
  if (runner.runnerType === 'group_type') throw forbidden('Runner is a group runner')
  if (!actor.user.admin) {
    if (runner.locked) throw forbidden('Runner is locked')
    if (!(await ownsRunner(actor, runner))) throw noAccess()
  }
  if (runner.runnerType === 'instance_type')
    throw badRequest('Transitioning an instance runner to a project runner is not supported')
  const db = await getDb()
  try {
    await db.runnerProject.create({ data: { runnerId: runner.id, projectId: project.id } })
  } catch (e) {
    if ((e as { code?: string } | null)?.code === 'P2002') throw badRequest('Runner has already been taken')
    throw e
  }
}

/** DELETE /projects/:id/runners/:runner_id (Ci::Runners::UnassignRunnerService). */
export async function unassignRunner(runnerId: number, project: ProjectWithNamespace): Promise<void> {
  const db = await getDb()
  const link = await db.runnerProject.findUnique({ where: { runnerId_projectId: { runnerId, projectId: project.id } } })
  if (!link) throw runnerNotFound()
  const owner = await db.runnerProject.findFirst({ where: { runnerId }, orderBy: { id: 'asc' } })
  if (owner?.projectId === project.id)
    throw forbidden('You cannot unassign a runner from the owner project. Delete the runner instead')
  await db.runnerProject.delete({ where: { id: link.id } })
}

export const LIST_SCOPES = STATUSES_INCL_DEPRECATED
