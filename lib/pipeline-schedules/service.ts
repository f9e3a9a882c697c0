// Pipeline schedules: CRUD with GitLab's ownership rules (the owner, or a Maintainer, may change
// a schedule; Maintainers take ownership), variables, inputs, and play (a pipeline now, without
// moving next_run_at). The worker that fires due schedules builds on the same functions.
import { forbidden, notFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findManyKept, findOneKept, getDb, uniqueAs, type Prisma } from '../db'
import type { PipelineSchedule } from '../db'
import { insertPipeline, preparePipeline, type Prepared } from '../pipelines/create'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectRow, projectSubject } from '../projects/find'
import { callerFor, mayCreateProtected, rulesFor } from '../protected-branches/service'
import { must } from '../util/defined'
import { checkCadence, checkVariableKey, expandRef } from './rules'
import type { CreateScheduleParams, InputParam, UpdateScheduleParams } from './schema'

export type ScheduleWithVariables = Prisma.PipelineScheduleGetPayload<{ include: { variables: true } }>

export async function requireRead(actor: Actor | null, project: ProjectWithNamespace) {
  if (!(await can(actor, 'read_pipeline_schedule', projectSubject(project)))) throw forbidden()
}

/**
 * Ci::PipelineSchedulePolicy's admin_pipeline_schedule and read_pipeline_schedule_variables:
 * Maintainers, and the schedule's owner while a Developer. A Developer who does not own the
 * schedule reads it without its variables (they may hold secrets).
 */
export async function ownsOrAdministers(
  actor: Actor | null,
  project: ProjectWithNamespace,
  schedule: PipelineSchedule,
): Promise<boolean> {
  if (!actor) return false
  const subject = projectSubject(project)
  const owner = schedule.ownerId === actor.user.id && (await can(actor, 'create_pipeline_schedule', subject))
  return owner || can(actor, 'admin_pipeline_schedule', subject)
}

async function requireChange(actor: Actor, project: ProjectWithNamespace, schedule: PipelineSchedule) {
  if (!(await ownsOrAdministers(actor, project, schedule))) throw forbidden()
}

/** GET …/variables/:key: read_pipeline_schedule_variables (403 otherwise). */
export async function requireReadVariables(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: PipelineSchedule,
): Promise<void> {
  if (!(await ownsOrAdministers(actor, project, schedule))) throw forbidden()
}

/** GitLab caps a schedule's variables far below this; the read takes them all. */
const MAX_VARIABLES = 10_000

// Reads through prepared statements (db/fast-read.ts): Prisma's findFirst with the variables
// included was two round trips of ≈ 250 µs each, most of GET …/pipeline_schedules/:id.
export async function findSchedule(project: ProjectWithNamespace, id: number): Promise<ScheduleWithVariables> {
  const schedule = await findOneKept('PipelineSchedule', 'id', id)
  if (!schedule || schedule.projectId !== project.id) throw notFound('Pipeline Schedule')
  const variables = await findManyKept('PipelineScheduleVariable', {
    where: { scheduleId: id },
    orderBy: { id: 'asc' },
    take: MAX_VARIABLES,
  })
  return { ...schedule, variables }
}

export async function listSchedules(
  project: ProjectWithNamespace,
  scope: 'active' | 'inactive' | undefined,
  window: PageWindow,
) {
  const where = { projectId: project.id, ...(scope ? { active: scope === 'active' } : {}) }
  return offsetList(
    'pipelineSchedule',
    where,
    window,
    findManyKept('PipelineSchedule', { where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

function mergeInputs(current: { name: string; value: unknown }[], changes: InputParam[]) {
  const byName = new Map(current.map((i) => [i.name, i.value]))
  for (const c of changes) {
    if (c.destroy || c._destroy) byName.delete(c.name)
    else byName.set(c.name, c.value ?? null)
  }
  return [...byName].map(([name, value]) => ({ name, value }))
}

export async function createSchedule(
  actor: Actor,
  project: ProjectWithNamespace,
  params: Omit<CreateScheduleParams, 'id'>,
) {
  if (!(await can(actor, 'create_pipeline_schedule', projectSubject(project)))) throw forbidden()
  if (!params.description.trim()) throw validation({ description: ["can't be blank"] })
  const cronTimezone = params.cron_timezone ?? 'UTC'
  const nextRunAt = checkCadence(params.cron, cronTimezone)
  const ref = await expandRef(project.id, params.ref)
  const db = await getDb()
  const created = await db.pipelineSchedule.create({
    data: {
      projectId: project.id,
      description: params.description,
      ref,
      cron: params.cron,
      cronTimezone,
      nextRunAt,
      active: params.active ?? true,
      ownerId: actor.user.id,
      inputs: JSON.stringify(mergeInputs([], params.inputs ?? [])),
    },
  })
  return findSchedule(project, created.id)
}

export async function updateSchedule(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: ScheduleWithVariables,
  params: UpdateScheduleParams,
) {
  await requireChange(actor, project, schedule)
  if (params.description !== undefined && !params.description.trim())
    throw validation({ description: ["can't be blank"] })
  const cron = params.cron ?? schedule.cron
  const cronTimezone = params.cron_timezone ?? schedule.cronTimezone
  const nextRunAt = checkCadence(cron, cronTimezone)
  const ref = params.ref !== undefined ? await expandRef(project.id, params.ref) : schedule.ref
  const db = await getDb()
  await db.pipelineSchedule.update({
    where: { id: schedule.id },
    data: {
      description: params.description ?? schedule.description,
      ref,
      cron,
      cronTimezone,
      nextRunAt,
      active: params.active ?? schedule.active,
      ...(params.inputs
        ? {
            inputs: JSON.stringify(
              mergeInputs(JSON.parse(schedule.inputs) as { name: string; value: unknown }[], params.inputs),
            ),
          }
        : {}),
    },
  })
  return findSchedule(project, schedule.id)
}

/** Maintainers take ownership; true when the owner changed (201), false when it was theirs (200). */
export async function takeOwnership(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: PipelineSchedule,
): Promise<boolean> {
  if (!(await can(actor, 'admin_pipeline_schedule', projectSubject(project)))) throw forbidden()
  if (schedule.ownerId === actor.user.id) return false
  const db = await getDb()
  await db.pipelineSchedule.update({ where: { id: schedule.id }, data: { ownerId: actor.user.id } })
  return true
}

export async function deleteSchedule(actor: Actor, project: ProjectWithNamespace, schedule: PipelineSchedule) {
  await requireChange(actor, project, schedule)
  const db = await getDb()
  await db.pipelineSchedule.delete({ where: { id: schedule.id } })
}

/**
 * Reads and plans the schedule's pipeline (ref, CI configuration, the schedule's variables) outside
 * any transaction; `runSchedule` writes it.
 */
export async function prepareScheduledPipeline(schedule: PipelineSchedule, userId: number | null): Promise<Prepared> {
  const db = await getDb()
  const [project, variables] = await Promise.all([
    projectRow(schedule.projectId),
    db.pipelineScheduleVariable.findMany({ where: { scheduleId: schedule.id }, orderBy: { id: 'asc' } }),
  ])
  return preparePipeline({
    project: must(project, 'project of a schedule'),
    ref: schedule.ref,
    source: 'schedule',
    userId,
    scheduleId: schedule.id,
    variables: variables.map((v) => ({ key: v.key, value: v.value, variable_type: v.variableType })),
  })
}

/**
 * The schedule's pipeline now (source `schedule`); used by play and by the worker. Null when
 * GitLab would create none (no CI configuration at the ref, rules leave no job).
 */
export async function runSchedule(
  schedule: PipelineSchedule,
  userId: number | null,
  tx?: Prisma.TransactionClient,
  prepared?: Prepared,
) {
  const pipeline = await insertPipeline(prepared ?? (await prepareScheduledPipeline(schedule, userId)), tx)
  if (pipeline)
    await (tx ?? (await getDb())).pipelineSchedule.update({
      where: { id: schedule.id },
      data: { lastPipelineId: pipeline.id },
    })
  return pipeline
}

export async function playSchedule(actor: Actor, project: ProjectWithNamespace, schedule: PipelineSchedule) {
  if (!(await can(actor, 'create_pipeline_schedule', projectSubject(project)))) throw forbidden()
  // GitLab's PipelineSchedulePolicy prevents play on a protected ref the caller may neither push
  // nor merge to (UserAccess#can_update_branch?). Tags have no protection rules here.
  if (schedule.ref.startsWith('refs/heads/')) {
    const [rules, caller] = await Promise.all([rulesFor(project.id), callerFor(actor, project)])
    if (!mayCreateProtected(rules, schedule.ref.slice('refs/heads/'.length), caller)) throw forbidden()
  }
  return runSchedule(schedule, actor.user.id)
}

export async function addVariable(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: PipelineSchedule,
  v: { key: string; value: string; variable_type?: string },
) {
  await requireChange(actor, project, schedule)
  checkVariableKey(v.key)
  const db = await getDb()
  return await db.pipelineScheduleVariable
    .create({
      data: { scheduleId: schedule.id, key: v.key, value: v.value, variableType: v.variable_type ?? 'env_var' },
    })
    .catch(uniqueAs(() => validation({ key: ['has already been taken'] })))
}

export function findVariable(schedule: ScheduleWithVariables, key: string) {
  const v = schedule.variables.find((x) => x.key === key)
  if (!v) throw notFound('Pipeline Schedule Variable')
  return v
}

export async function updateVariable(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: ScheduleWithVariables,
  key: string,
  v: { value?: string; variable_type?: string },
) {
  await requireChange(actor, project, schedule)
  const current = findVariable(schedule, key)
  const db = await getDb()
  return db.pipelineScheduleVariable.update({
    where: { id: current.id },
    data: { value: v.value ?? current.value, variableType: v.variable_type ?? current.variableType },
  })
}

export async function deleteVariable(
  actor: Actor,
  project: ProjectWithNamespace,
  schedule: ScheduleWithVariables,
  key: string,
) {
  await requireChange(actor, project, schedule)
  const current = findVariable(schedule, key)
  const db = await getDb()
  await db.pipelineScheduleVariable.delete({ where: { id: current.id } })
  return current
}

/** The scheduler's batch: active schedules due at `now`, oldest due first. */
export async function dueSchedules(now: Date, take: number): Promise<PipelineSchedule[]> {
  return (await getDb()).pipelineSchedule.findMany({
    where: { active: true, nextRunAt: { lte: now } },
    orderBy: [{ nextRunAt: 'asc' }, { id: 'asc' }],
    take,
  })
}

/** Turns a schedule off unless another process moved it on since it was read. */
export async function deactivateSchedule(schedule: Pick<PipelineSchedule, 'id' | 'nextRunAt'>): Promise<void> {
  await (
    await getDb()
  ).pipelineSchedule.updateMany({ where: { id: schedule.id, nextRunAt: schedule.nextRunAt }, data: { active: false } })
}

/** Claims one run of a schedule (compare-and-swap on next_run_at) inside the caller's transaction; false when another process fired it. */
export async function claimScheduleRun(
  tx: Prisma.TransactionClient,
  schedule: Pick<PipelineSchedule, 'id' | 'nextRunAt'>,
  next: Date,
): Promise<boolean> {
  const claimed = await tx.pipelineSchedule.updateMany({
    where: { id: schedule.id, nextRunAt: schedule.nextRunAt, active: true },
    data: { nextRunAt: next },
  })
  return claimed.count === 1
}
