// /projects/:id/pipeline_schedules (GitLab's lib/api/ci/pipeline_schedules.rb). Every route
// needs a signed-in user, even on public projects (GitLab's `before { authenticate! }`).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage, withItems } from '../api/pagination'
import { reply } from '../api/reply'
import type { Actor } from '../auth/actor'
import type { PipelineSchedule } from '../db'
import { pipelineBasic } from '../pipelines/entity'
import { pipelineBasicSchema } from '../pipelines/schema'
import { listPipelines, pipelineRow } from '../pipelines/service'
import type { ProjectWithNamespace } from '../projects/entity'
import { findProject } from '../projects/find'
import { userById, usersByIds } from '../users/find'
import { scheduleDetail, scheduleEntity, variableEntity } from './entity'
import {
  createScheduleParams,
  createVariableParams,
  listSchedulesParams,
  scheduleDetailSchema,
  scheduleIdParams,
  schedulePipelinesParams,
  scheduleSchema,
  scheduleVariableSchema,
  updateScheduleParams,
  updateVariableParams,
  variableKeyParams,
} from './schema'
import {
  addVariable,
  createSchedule,
  deleteSchedule,
  deleteVariable,
  findSchedule,
  findVariable,
  ownsOrAdministers,
  requireReadVariables,
  listSchedules,
  playSchedule,
  requireRead,
  takeOwnership,
  updateSchedule,
  updateVariable,
  type ScheduleWithVariables,
} from './service'

const base = '/projects/:id/pipeline_schedules'
const one = `${base}/:pipeline_schedule_id`

async function load(actor: Actor, params: { id: string; pipeline_schedule_id: number }) {
  const project = await findProject(actor, params.id)
  await requireRead(actor, project)
  return { project, schedule: await findSchedule(project, params.pipeline_schedule_id) }
}

async function detail(actor: Actor, schedule: ScheduleWithVariables, project: ProjectWithNamespace) {
  const [owner, last, showVariables] = await Promise.all([
    schedule.ownerId ? userById(schedule.ownerId) : null,
    schedule.lastPipelineId ? pipelineRow(schedule.lastPipelineId) : null,
    ownsOrAdministers(actor, project, schedule),
  ])
  return scheduleDetail(schedule, owner, last, project.fullPath, showVariables)
}

async function withOwners(rows: PipelineSchedule[]) {
  const ids = [...new Set(rows.map((r) => r.ownerId).filter((x): x is number => x !== null))]
  const users = await usersByIds(ids)
  const byId = new Map(users.map((u) => [u.id, u]))
  return rows.map((r) => scheduleEntity(r, r.ownerId ? (byId.get(r.ownerId) ?? null) : null))
}

export const pipelineScheduleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'List pipeline schedules',
    keep: true,
    auth: 'required',
    params: listSchedulesParams,
    paginated: 'offset',
    response: { body: z.array(scheduleSchema) },
    handler: async ({ actor, params, page }) => {
      const project = await findProject(actor, params.id)
      await requireRead(actor, project)
      const result = await listSchedules(project, params.scope, page)
      return withItems(result, await withOwners(result.items))
    },
  }),
  show: endpoint({
    method: 'GET',
    path: one,
    summary: 'One pipeline schedule',
    keep: true,
    auth: 'required',
    params: scheduleIdParams,
    response: { body: scheduleDetailSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      return detail(actor, schedule, project)
    },
  }),
  pipelines: endpoint({
    method: 'GET',
    path: `${one}/pipelines`,
    summary: "A schedule's pipelines",
    auth: 'required',
    params: schedulePipelinesParams,
    paginated: 'offset',
    response: { body: z.array(pipelineBasicSchema) },
    handler: async ({ actor, params, page }) => {
      const { project, schedule } = await load(actor, params)
      const result = await listPipelines(project.id, { ...params, sort: params.sort ?? 'asc' }, page, {
        scheduleId: schedule.id,
      })
      return mapPage(result, (p) => pipelineBasic(p, project.fullPath))
    },
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a pipeline schedule',
    auth: 'required',
    params: createScheduleParams,
    response: { body: scheduleDetailSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id)
      return detail(actor, await createSchedule(actor, project, params), project)
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    summary: 'Change a pipeline schedule',
    auth: 'required',
    params: updateScheduleParams,
    response: { body: scheduleDetailSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      return detail(actor, await updateSchedule(actor, project, schedule, params), project)
    },
  }),
  takeOwnership: endpoint({
    method: 'POST',
    path: `${one}/take_ownership`,
    summary: 'Take ownership of a pipeline schedule',
    auth: 'required',
    params: scheduleIdParams,
    response: { status: [200, 201], body: scheduleDetailSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      const changed = await takeOwnership(actor, project, schedule)
      return reply(changed ? 201 : 200, await detail(actor, await findSchedule(project, schedule.id), project))
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: one,
    summary: 'Delete a pipeline schedule (answers the deleted schedule, as the spec says)',
    auth: 'required',
    params: scheduleIdParams,
    response: { body: scheduleDetailSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      const body = await detail(actor, schedule, project)
      await deleteSchedule(actor, project, schedule)
      return reply(200, body)
    },
  }),
  play: endpoint({
    method: 'POST',
    path: `${one}/play`,
    summary: 'Run a pipeline schedule now',
    auth: 'required',
    params: scheduleIdParams,
    response: { body: z.strictObject({ message: z.literal('201 Created') }) },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      await playSchedule(actor, project, schedule)
      return reply(201, { message: '201 Created' })
    },
  }),
  createVariable: endpoint({
    method: 'POST',
    path: `${one}/variables`,
    summary: 'Add a schedule variable',
    auth: 'required',
    params: createVariableParams,
    response: { body: scheduleVariableSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      return variableEntity(await addVariable(actor, project, schedule, params))
    },
  }),
  showVariable: endpoint({
    method: 'GET',
    path: `${one}/variables/:key`,
    summary: 'One schedule variable',
    auth: 'required',
    params: variableKeyParams,
    response: { body: scheduleVariableSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      await requireReadVariables(actor, project, schedule)
      return variableEntity(findVariable(schedule, params.key))
    },
  }),
  updateVariable: endpoint({
    method: 'PUT',
    path: `${one}/variables/:key`,
    summary: 'Change a schedule variable',
    auth: 'required',
    params: updateVariableParams,
    response: { body: scheduleVariableSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      return variableEntity(await updateVariable(actor, project, schedule, params.key, params))
    },
  }),
  removeVariable: endpoint({
    method: 'DELETE',
    path: `${one}/variables/:key`,
    summary: 'Delete a schedule variable',
    auth: 'required',
    params: variableKeyParams,
    response: { status: 202, body: scheduleVariableSchema },
    handler: async ({ actor, params }) => {
      const { project, schedule } = await load(actor, params)
      return reply(202, variableEntity(await deleteVariable(actor, project, schedule, params.key)))
    },
  }),
}
