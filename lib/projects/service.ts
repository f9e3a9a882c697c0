// Projects: create (optionally with a README commit on the default branch), update (a path change
// leaves a redirect), delete.
import { forbidden, notFound, validation } from '../api/errors'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { deleteSubjectRows } from '../db/polymorphic-cleanup'
import { getDb, uniqueAs, type Db } from '../db'
import { mayCreateIn } from '../groups/abilities'
import { groupSubject } from '../groups/find'
import { capVisibility, exceedsVisibility } from '../groups/schema'
import { insertMembership } from '../members/rows'
import { setting } from '../settings/service'
import { visibilityRestriction } from '../settings/visibility'
import { deleteProjectRefs, initializeRepository } from '../repository/write'
import { claimPath, fullPathTaken, pathErrors, renameProject } from '../routes/service'
import { pathFromName } from '../routes/path-rules'
import type { ProjectWithNamespace } from './entity'
import { projectSubject } from './find'
import type { CreateProjectParams, IssuesAccessLevel, RegistryAccessLevel, UpdateProjectParams } from './schema'
import { namespaceRow, personalNamespaceOf } from '../groups/namespaces'

/** The registry level a create/update asks for: the access level wins over the deprecated boolean. */
function registryLevel(
  input: Pick<CreateProjectParams, 'container_registry_access_level' | 'container_registry_enabled'>,
): RegistryAccessLevel | undefined {
  if (input.container_registry_access_level !== undefined) return input.container_registry_access_level
  if (input.container_registry_enabled !== undefined) return input.container_registry_enabled ? 'enabled' : 'disabled'
  return undefined
}

/** The issues level a create/update asks for: the access level wins over the deprecated boolean. */
function issuesLevel(
  input: Pick<CreateProjectParams, 'issues_access_level' | 'issues_enabled'>,
): IssuesAccessLevel | undefined {
  if (input.issues_access_level !== undefined) return input.issues_access_level
  if (input.issues_enabled !== undefined) return input.issues_enabled ? 'enabled' : 'disabled'
  return undefined
}

const taken = () => validation({ name: ['has already been taken'], path: ['has already been taken'] })

async function targetNamespace(actor: Actor, namespaceId: number | undefined) {
  if (namespaceId === undefined) {
    const own = await personalNamespaceOf(actor.user.id)
    if (!own) throw notFound('Namespace')
    return own
  }
  const ns = await namespaceRow(namespaceId)
  if (!ns) throw notFound('Namespace')
  if (ns.kind === 'user') {
    if (ns.ownerId !== actor.user.id && !actor.user.admin) throw notFound('Namespace')
  } else {
    if (!(await can(actor, 'read_group', groupSubject(ns)))) throw notFound('Namespace')
    if (!(await can(actor, 'create_projects', groupSubject(ns))) || !(await mayCreateIn(actor, ns, 'project')))
      throw forbidden()
  }
  return ns
}

/** GitLab's personal project limit (users.projects_limit, default from default_projects_limit). */
async function checkProjectLimit(actor: Actor, ns: { kind: string; ownerId: number | null; id: number }) {
  if (ns.kind !== 'user' || actor.user.admin) return
  const limit = actor.user.projectsLimit
  if (limit <= 0)
    throw validation(
      { limit_reached: ['Personal project creation is not allowed. Please contact your administrator with questions'] },
      403,
    )
  const db = await getDb()
  if ((await db.project.count({ where: { namespaceId: ns.id } })) >= limit)
    throw validation(
      { limit_reached: [`Your project limit is ${limit} projects! Please contact your administrator to increase it`] },
      403,
    )
}

export async function createProject(actor: Actor, input: CreateProjectParams): Promise<ProjectWithNamespace> {
  const name = input.name ?? input.path
  if (name === undefined) throw validation({ name: ["can't be blank"] }) // GitLab: one of name/path
  const path = input.path ?? pathFromName(name)
  const ns = await targetNamespace(actor, input.namespace_id)
  const visibility =
    input.visibility ??
    capVisibility(await setting<string>('default_project_visibility'), ns.kind === 'group' ? ns.visibility : undefined)
  await checkProjectLimit(actor, ns)
  const errors: Record<string, string[]> = {}
  if (!name.trim()) errors.name = ["can't be blank"]
  const pe = pathErrors(path, false)
  if (pe.length) errors.path = pe
  const restricted = await visibilityRestriction(actor, input.visibility)
  if (restricted) errors.visibility_level = [restricted]
  else if (ns.kind === 'group' && exceedsVisibility(visibility, ns.visibility))
    errors.visibility_level = [`${visibility} is not allowed in a ${ns.visibility} group.`]
  if (Object.keys(errors).length) throw validation(errors)
  const fullPath = `${ns.fullPath}/${path}`
  const db = await getDb()
  return db
    .$transaction(async (tx) => {
      if (await fullPathTaken(tx, fullPath)) throw taken()
      await claimPath(tx, fullPath)
      const project = await tx.project.create({
        data: {
          name,
          path,
          fullPath,
          fullPathLower: fullPath.toLowerCase(),
          namespaceId: ns.id,
          traversalIds: ns.traversalIds,
          creatorId: actor.user.id,
          visibility,
          description: input.description ?? '',
          defaultBranch: input.default_branch || 'main',
          containerRegistryAccessLevel: registryLevel(input) ?? 'enabled',
          issuesAccessLevel: issuesLevel(input) ?? 'enabled',
        },
        include: { namespace: true },
      })
      if (ns.kind === 'user' && ns.ownerId !== null) {
        await insertMembership(tx, {
          sourceType: 'Project',
          sourceId: project.id,
          userId: ns.ownerId,
          accessLevel: ACCESS.OWNER,
          createdById: actor.user.id,
        })
      }
      if (input.initialize_with_readme) {
        // GitLab's initial commit holds a README.md with the project's name.
        const readme = Buffer.from(`# ${project.name}\n`)
        await initializeRepository(tx, project.id, project.defaultBranch, actor.user, 'Initial commit', [
          { path: 'README.md', content: readme },
        ])
      }
      return project
    })
    .catch(uniqueAs(taken))
}

export async function updateProject(
  actor: Actor,
  project: ProjectWithNamespace,
  input: UpdateProjectParams,
): Promise<ProjectWithNamespace> {
  if (!(await can(actor, 'update_project', projectSubject(project)))) throw forbidden()
  const pathChanges = input.path !== undefined && input.path !== project.path
  if ((pathChanges || input.visibility !== undefined) && !(await can(actor, 'remove_project', projectSubject(project))))
    throw forbidden()
  const errors: Record<string, string[]> = {}
  if (input.name !== undefined && !input.name.trim()) errors.name = ["can't be blank"]
  if (input.path !== undefined) {
    const pe = pathErrors(input.path, false)
    if (pe.length) errors.path = pe
  }
  if (
    input.visibility &&
    project.namespace.kind === 'group' &&
    exceedsVisibility(input.visibility, project.namespace.visibility)
  )
    errors.visibility_level = [`${input.visibility} is not allowed in a ${project.namespace.visibility} group.`]
  if (Object.keys(errors).length) throw validation(errors)
  const registry = registryLevel(input)
  const issues = issuesLevel(input)
  const db = await getDb()
  const data = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.path !== undefined ? { path: input.path } : {}),
    ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.default_branch !== undefined ? { defaultBranch: input.default_branch } : {}),
    ...(registry !== undefined ? { containerRegistryAccessLevel: registry } : {}),
    ...(issues !== undefined ? { issuesAccessLevel: issues } : {}),
  }
  // The namespace is not changed here: the one already read is returned with the row, not read
  // again. Without a rename the update is one statement, so no interactive transaction holds the
  // write lock across awaits.
  const update = async (tx: Pick<Db, 'project'>) => ({
    ...(await tx.project.update({ where: { id: project.id }, data })),
    namespace: project.namespace,
  })
  if (!pathChanges) return update(db).catch(uniqueAs(taken))
  return db
    .$transaction(async (tx) => {
      const fullPath = `${project.namespace.fullPath}/${input.path!}` // pathChanges: given
      if (fullPath.toLowerCase() !== project.fullPathLower && (await fullPathTaken(tx, fullPath))) throw taken()
      await renameProject(tx, project, fullPath)
      return update(tx)
    })
    .catch(uniqueAs(taken))
}

export async function deleteProject(actor: Actor, project: ProjectWithNamespace): Promise<void> {
  if (!(await can(actor, 'remove_project', projectSubject(project)))) throw forbidden()
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await deleteSubjectRows(tx, [], [project.id])
    await deleteProjectRefs(tx, [project.id])
    await tx.project.delete({ where: { id: project.id } })
  })
}
