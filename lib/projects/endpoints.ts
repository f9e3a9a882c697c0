import { endpoint } from '../api/endpoint'
import { withItems } from '../api/pagination'
import { presentProject, presentProjects } from './present'
import { accepted, acceptedSchema } from '../api/reply'
import { z } from 'zod'
import { p } from '../api/param-types'
import { projectEntity, type ProjectWithNamespace } from './entity'
import { openIssueCounts } from '../issues/counts'
import { findProject, projectSubject } from './find'
import { projectAbilities, projectShowSchema } from './abilities'
import { projectRegistrationToken } from './runners-token'
import { listProjects } from './finder'
import {
  createProjectParams,
  listProjectsParams,
  projectListItemSchema,
  projectSchema,
  updateProjectParams,
  type ProjectPermissionsJson,
} from './schema'
import { createProject, deleteProject, updateProject } from './service'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { membershipsOf } from '../auth/memberships'
import { ancestorIds } from '../util/traversal-ids'

/** `permissions` as GitLab shows them on a single project. */
async function permissions(actor: Actor | null, project: ProjectWithNamespace): Promise<ProjectPermissionsJson> {
  if (!actor) return { project_access: null, group_access: null }
  const m = await membershipsOf(actor.user.id)
  const direct = m.projects.get(project.id)
  const groupLevel = Math.max(0, ...ancestorIds(project.traversalIds).map((id) => m.namespaces.get(id) ?? 0))
  return {
    project_access: direct ? { access_level: direct, notification_level: 3 } : null,
    group_access: groupLevel ? { access_level: groupLevel, notification_level: 3 } : null,
  }
}

export const projectEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/projects',
    summary: 'List projects',
    keep: true,
    auth: 'public',
    params: listProjectsParams,
    paginated: 'keyset',
    response: { body: z.array(projectListItemSchema) },
    handler: async ({ actor, params, page }) => {
      const result = await listProjects(actor, params, page)
      return withItems(result, await presentProjects(result.items, params.simple ? 'simple' : 'full'))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/projects/:id',
    summary: 'One project',
    keep: true,
    auth: 'public',
    params: z.object({ id: p.id() }),
    response: { body: projectShowSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      // GitLab exposes the legacy runner registration token to those who may administer the project.
      const mayAdminister = !!actor && (await can(actor, 'admin_project', projectSubject(project)))
      // An undefined member is left out of the JSON, as GitLab leaves the key out.
      const extra = {
        runners_token: mayAdminister ? await projectRegistrationToken(project) : undefined,
        abilities: await projectAbilities(actor, project),
      }
      return presentProject(project, await permissions(actor, project), extra)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/projects',
    summary: 'Create a project',
    auth: 'required',
    params: createProjectParams,
    response: { body: projectSchema },
    handler: async ({ actor, params }) => projectEntity(await createProject(actor, params)),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:id',
    summary: 'Update a project',
    auth: 'required',
    params: updateProjectParams,
    response: { body: projectSchema },
    handler: async ({ actor, params }) => {
      const project = await updateProject(actor, await findProject(actor, params.id), params)
      return projectEntity(project, undefined, [], (await openIssueCounts([project.id])).get(project.id) ?? 0)
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/projects/:id',
    summary: 'Delete a project',
    auth: 'required',
    params: z.object({ id: p.id() }),
    response: { status: 202, body: acceptedSchema },
    handler: async ({ actor, params }) => {
      await deleteProject(actor, await findProject(actor, params.id))
      return accepted()
    },
  }),
}
