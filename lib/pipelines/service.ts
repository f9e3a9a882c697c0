// Pipelines: created by schedules (pipeline-schedules calls createPipeline) and, later, other
// sources; listed with GitLab's filters, read, canceled. Jobs wait as `pending` for a runner.
import { recordNotFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { findManyKept, findOneFast, findOneKept, getDb, type Prisma } from '../db'
import type { Pipeline } from '../db'
import { ACTIVE, FINISHED, type ListPipelinesParams } from './schema'
import { userByUsername } from '../users/find'
import { cancelPipelineJobs } from '../ci-jobs/pipeline-jobs'
import { nextInternalId } from '../internal-ids/service'

export interface NewPipeline {
  projectId: number
  ref: string
  sha: string
  tag?: boolean
  source: string
  userId: number | null
  scheduleId?: number | null
  /** Jobs to create, pending until a runner takes them. */
  jobs?: { name: string; stage?: string }[]
}

/** Creates a pipeline with the next iid of its project (an atomic per-project counter). */
export async function createPipeline(input: NewPipeline, tx?: Prisma.TransactionClient): Promise<Pipeline> {
  const jobs = input.jobs ?? [{ name: 'build', stage: 'build' }]
  const create = async (t: Prisma.TransactionClient) => {
    return t.pipeline.create({
      data: {
        iid: await nextInternalId(t, 'ci_pipelines', input.projectId),
        projectId: input.projectId,
        ref: input.ref,
        sha: input.sha,
        tag: input.tag ?? false,
        status: jobs.length ? 'pending' : 'created',
        source: input.source,
        userId: input.userId,
        scheduleId: input.scheduleId ?? null,
        jobs: { create: jobs.map((j) => ({ name: j.name, stage: j.stage ?? 'test', projectId: input.projectId })) },
      },
    })
  }
  return tx ? create(tx) : (await getDb()).$transaction(create)
}

const ORDER = { id: 'id', status: 'status', ref: 'ref', updated_at: 'updatedAt', user_id: 'userId' } as const

export async function listPipelines(
  projectId: number,
  params: Omit<ListPipelinesParams, 'id'>,
  window: PageWindow,
  extra: Prisma.PipelineWhereInput = {},
) {
  const and: Prisma.PipelineWhereInput[] = [{ projectId }, extra]
  if (params.scope === 'running' || params.scope === 'pending') and.push({ status: params.scope })
  if (params.scope === 'finished') and.push({ status: { in: [...FINISHED] } })
  if (params.scope === 'branches') and.push({ tag: false })
  if (params.scope === 'tags') and.push({ tag: true })
  if (params.status) and.push({ status: params.status })
  if (params.source) and.push({ source: params.source })
  if (params.ref) and.push({ ref: params.ref })
  if (params.sha) and.push({ sha: params.sha })
  if (params.username) {
    const user = await userByUsername(params.username)
    and.push({ userId: user?.id ?? -1 })
  }
  if (params.updated_after) and.push({ updatedAt: { gt: params.updated_after } })
  if (params.updated_before) and.push({ updatedAt: { lt: params.updated_before } })
  if (params.created_after) and.push({ createdAt: { gt: params.created_after } })
  if (params.created_before) and.push({ createdAt: { lt: params.created_before } })
  const where = { AND: and }
  const field = ORDER[params.order_by ?? 'id']
  const dir = params.sort ?? 'desc'
  const orderBy = field === 'id' ? [{ id: dir }] : [{ [field]: dir }, { id: dir }]
  return offsetList(
    'pipeline',
    where,
    window,
    findManyKept('Pipeline', { where, orderBy, skip: window.skip, take: window.take, fallback: 'expected' }),
  )
}

/** A pipeline row by id, without a project or permission check (other domains' joins), or null. */
// Pipeline reads go through prepared statements (lib/db/fast-read.ts): a Prisma query costs
// ≈ 200 µs of the event loop, and every pipeline, job and schedule page reads pipelines.
export async function pipelineRow(id: number): Promise<Pipeline | null> {
  return findOneFast('Pipeline', 'id', id)
}

/** Pipeline rows for a set of ids, in no particular order; missing ids are skipped. */
export async function pipelinesByIds(ids: readonly number[]): Promise<Pipeline[]> {
  if (!ids.length) return []
  return findManyKept('Pipeline', {
    where: { id: { in: [...new Set(ids)] } },
    orderBy: { id: 'asc' },
    take: ids.length,
  })
}

export async function findPipeline(projectId: number, id: number): Promise<Pipeline> {
  const pipeline = await findOneKept('Pipeline', 'id', id)
  if (!pipeline || pipeline.projectId !== projectId) throw recordNotFound() // GitLab: all_pipelines.find(id)
  return pipeline
}

/** Cancels a pipeline and its unfinished jobs; a finished pipeline stays as it is (GitLab). */
export async function cancelPipeline(pipeline: Pipeline): Promise<Pipeline> {
  if (!(ACTIVE as readonly string[]).includes(pipeline.status)) return pipeline
  const db = await getDb()
  const now = new Date()
  return db.$transaction(async (tx) => {
    await cancelPipelineJobs(tx, pipeline.id, ACTIVE, now)
    return tx.pipeline.update({ where: { id: pipeline.id }, data: { status: 'canceled', finishedAt: now } })
  })
}
