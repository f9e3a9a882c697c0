// The runners API (GitLab's lib/api/ci/runners.rb and POST /user/runners): lists filtered and
// paginated in the database, one runner with its managers and jobs, changes by its owners, and
// the registration tokens of the instance, groups and projects. An existing runner the caller may
// not see or change is GitLab's 403 ("No access granted"); an unknown id is 404.
import { z } from 'zod'
import { badRequest, forbidden, paramError } from '../api/errors'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { noContent, reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findGroup, groupSubject } from '../groups/find'
import { namespaceRow } from '../groups/namespaces'
import { findProject, projectRow, projectSubject } from '../projects/find'
import { jobWithProjectSchema } from '../ci-jobs/schema'
import { listRunnerJobs } from '../ci-jobs/service'
import { registrationDetails, resetTokenResult, runnerEntity } from './entity'
import { forgetRunnerContacts } from './heartbeat'
import { instanceRegistrationToken } from './registration-tokens'
import { groupRegistrationToken } from '../groups/runners-token'
import { projectRegistrationToken } from '../projects/runners-token'
import {
  assignParams,
  createUserRunnerParams,
  groupRunnersParams,
  listParams,
  projectRunnersParams,
  resetTokenSchema,
  runnerDetailSchema,
  runnerIdParams,
  runnerJobsParams,
  runnerManagerSchema,
  runnerRegistrationSchema,
  runnerSchema,
  updateParams,
} from './schema'
import {
  assignRunner,
  createRunner,
  deleteRunner,
  detail,
  filterWhere,
  findRunner,
  groupRunnersWhere,
  LIST_SCOPES,
  listRunners,
  ownedWhere,
  presentManagers,
  presentRunners,
  projectRunnersWhere,
  requireDelete,
  requireShow,
  requireUpdate,
  resetAuthenticationToken,
  runnerExtras,
  unassignRunner,
  updateRunner,
} from './service'

/** `manage_runner` (GitLab's name) and `manage_runners` (the spec's) act on /runners/:id paths. */
const RUNNER_SCOPES = ['api', 'manage_runner', 'manage_runners'] as const
const READ_RUNNER_SCOPES = [...RUNNER_SCOPES, 'read_api'] as const

const UPDATE_KEYS = [
  'description',
  'active',
  'paused',
  'tag_list',
  'run_untagged',
  'locked',
  'access_level',
  'maximum_timeout',
  'maintenance_note',
] as const

async function present(rows: Awaited<ReturnType<typeof listRunners>>) {
  const extras = await runnerExtras(rows.items)
  return mapPage(rows, (r) => runnerEntity(r, extras))
}

async function showable(actor: Actor, id: number) {
  const runner = await findRunner(id)
  await requireShow(actor, runner)
  return runner
}

export const runnerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/runners',
    summary: 'List runners the caller manages',
    auth: 'required',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(runnerSchema) },
    handler: async ({ actor, params, page }) =>
      present(await listRunners([await ownedWhere(actor), ...filterWhere(params, LIST_SCOPES)], page)),
  }),
  listAll: endpoint({
    method: 'GET',
    path: '/runners/all',
    summary: 'List all runners (administrators)',
    keep: true,
    auth: 'admin',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(runnerSchema) },
    handler: async ({ params, page }) => present(await listRunners(filterWhere(params), page)),
  }),
  resetRegistrationToken: endpoint({
    method: 'POST',
    path: '/runners/reset_registration_token',
    summary: "Reset the instance's runner registration token",
    auth: 'admin',
    response: { body: resetTokenSchema },
    handler: async () => reply(201, resetTokenResult(await instanceRegistrationToken(true))),
  }),
  show: endpoint({
    method: 'GET',
    path: '/runners/:id',
    summary: "A runner's details",
    keep: true,
    auth: 'required',
    params: runnerIdParams,
    scopes: READ_RUNNER_SCOPES,
    response: { body: runnerDetailSchema },
    handler: async ({ actor, params }) => detail(actor, await showable(actor, params.id)),
  }),
  managers: endpoint({
    method: 'GET',
    path: '/runners/:id/managers',
    summary: "A runner's managers",
    auth: 'required',
    params: runnerIdParams,
    scopes: READ_RUNNER_SCOPES,
    response: { body: z.array(runnerManagerSchema) },
    handler: async ({ actor, params }) => {
      return presentManagers(await showable(actor, params.id))
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/runners/:id',
    summary: "Update a runner's details",
    auth: 'required',
    params: updateParams,
    scopes: RUNNER_SCOPES,
    response: { body: runnerDetailSchema },
    handler: async ({ actor, params }) => {
      if (!UPDATE_KEYS.some((k) => params[k] !== undefined))
        throw paramError(`${UPDATE_KEYS.join(', ')} are missing, at least one parameter must be provided`)
      if (params.active !== undefined && params.paused !== undefined)
        throw paramError('active, paused are mutually exclusive')
      const runner = await findRunner(params.id)
      await requireUpdate(actor, runner)
      return detail(actor, await updateRunner(runner, params))
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/runners/:id',
    summary: 'Delete a runner',
    auth: 'required',
    params: runnerIdParams,
    scopes: RUNNER_SCOPES,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const runner = await findRunner(params.id)
      await requireDelete(actor, runner)
      await deleteRunner(runner)
      forgetRunnerContacts(runner.id)
      return noContent()
    },
  }),
  jobs: endpoint({
    method: 'GET',
    path: '/runners/:id/jobs',
    summary: 'Jobs a runner processed',
    auth: 'required',
    params: runnerJobsParams,
    paginated: 'offset',
    scopes: READ_RUNNER_SCOPES,
    response: { body: z.array(jobWithProjectSchema) },
    handler: async ({ actor, params, page }) => {
      const runner = await findRunner(params.id)
      // GitLab's read_builds on the runner: its owners (and administrators).
      await requireUpdate(actor, runner)
      return listRunnerJobs(actor, runner, params, page)
    },
  }),
  resetAuthenticationToken: endpoint({
    method: 'POST',
    path: '/runners/:id/reset_authentication_token',
    summary: "Reset a runner's authentication token",
    auth: 'required',
    params: runnerIdParams,
    scopes: RUNNER_SCOPES,
    response: { body: resetTokenSchema },
    handler: async ({ actor, params }) => {
      const runner = await findRunner(params.id)
      await requireUpdate(actor, runner)
      return reply(201, resetTokenResult(await resetAuthenticationToken(runner), runner.tokenExpiresAt))
    },
  }),
  listForProject: endpoint({
    method: 'GET',
    path: '/projects/:id/runners',
    summary: 'Runners available to a project',
    auth: 'required',
    params: projectRunnersParams,
    paginated: 'offset',
    response: { body: z.array(runnerSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id, 'admin_runner')
      return present(await listRunners([projectRunnersWhere(project), ...filterWhere(params)], page))
    },
  }),
  assign: endpoint({
    method: 'POST',
    path: '/projects/:id/runners',
    summary: 'Assign a project runner to the project',
    auth: 'required',
    params: assignParams,
    response: { body: runnerSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'admin_runner')
      const runner = await findRunner(params.runner_id)
      await assignRunner(actor, runner, project)
      return reply(201, (await presentRunners([runner]))[0])
    },
  }),
  unassign: endpoint({
    method: 'DELETE',
    path: '/projects/:id/runners/:runner_id',
    summary: 'Unassign a runner from the project',
    auth: 'required',
    params: assignParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'admin_runner')
      await unassignRunner(params.runner_id, project)
      return noContent()
    },
  }),
  resetProjectRegistrationToken: endpoint({
    method: 'POST',
    path: '/projects/:id/runners/reset_registration_token',
    summary: "Reset a project's runner registration token",
    auth: 'required',
    params: z.object({ id: p.id() }),
    response: { body: resetTokenSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'admin_runner')
      return reply(201, resetTokenResult(await projectRegistrationToken(project, true)))
    },
  }),
  listForGroup: endpoint({
    method: 'GET',
    path: '/groups/:id/runners',
    summary: 'Runners available to a group',
    auth: 'required',
    params: groupRunnersParams,
    paginated: 'offset',
    response: { body: z.array(runnerSchema) },
    handler: async ({ actor, params, page }) => {
      const group = await findGroup(actor, params.id, 'read_group_runners')
      return present(await listRunners([groupRunnersWhere(group), ...filterWhere(params)], page))
    },
  }),
  resetGroupRegistrationToken: endpoint({
    method: 'POST',
    path: '/groups/:id/runners/reset_registration_token',
    summary: "Reset a group's runner registration token",
    auth: 'required',
    params: z.object({ id: p.id() }),
    response: { body: resetTokenSchema },
    handler: async ({ actor, params }) => {
      const group = await findGroup(actor, params.id, 'admin_runner')
      return reply(201, resetTokenResult(await groupRegistrationToken(group, true)))
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/user/runners',
    summary: 'Create a runner owned by the instance, a group or a project',
    auth: 'required',
    params: createUserRunnerParams,
    scopes: ['api', 'create_runner'],
    response: { body: runnerRegistrationSchema },
    handler: async ({ actor, params }) => {
      let owner: Parameters<typeof createRunner>[0]
      if (params.runner_type === 'instance_type') {
        if (!actor.user.admin) throw forbidden()
        owner = { runnerType: 'instance_type' }
      } else if (params.runner_type === 'group_type') {
        if (params.group_id === undefined) throw badRequest('group_id is required for group_type runners')
        const group = await namespaceRow(params.group_id)
        if (!group || group.kind !== 'group' || !(await can(actor, 'admin_runner', groupSubject(group))))
          throw forbidden()
        owner = { runnerType: 'group_type', groupId: group.id }
      } else {
        if (params.project_id === undefined) throw badRequest('project_id is required for project_type runners')
        const project = await projectRow(params.project_id)
        if (!project || !(await can(actor, 'admin_runner', projectSubject(project)))) throw forbidden()
        owner = { runnerType: 'project_type', projectId: project.id }
      }
      const { runner, token } = await createRunner(owner, params, {
        creatorId: actor.user.id,
        registrationType: 'authenticated_user',
      })
      return reply(201, registrationDetails(runner, token))
    },
  }),
}
