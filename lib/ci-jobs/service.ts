// CI jobs as users see them (GitLab's lib/api/ci/jobs.rb): lists of a project, a pipeline and a
// runner with GitLab's scope filters in the database, one job, its log, cancel and retry.
import { must } from '../util/defined'
import { forbidden, notFound } from '../api/errors'
import { mapPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { membershipsOf } from '../auth/memberships'
import { getDb, type Prisma } from '../db'
import type { Job, Runner } from '../db'
import { processPipeline, reopenPipeline } from '../pipelines/process'
import { tickJobQueue } from '../pipelines/queue-signal'
import { pipelinesByIds } from '../pipelines/service'
import { projectIdsWithin } from '../projects/ids-within'
import { projectsWithNamespaceName } from '../projects/with-namespace-name'
import { commitsByProjectSha } from '../repository/commits-by-sha'
import { runnerExtras, runnerManagerBySystemId, runnersByIds } from '../runners/service'
import { jobEntity, jobWithProject, type JobLookups } from './entity'
import { usersByIds } from '../users/find'

export const ACTIVE = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'manual',
  'scheduled',
] as const
const FINISHED = ['success', 'failed', 'canceled', 'skipped']

/** Everything the entities of these jobs need, in a fixed number of queries. */
export async function lookups(jobs: Job[]): Promise<JobLookups> {
  const ids = (f: (j: Job) => number | null) => [...new Set(jobs.map(f).filter((x): x is number => x !== null))]
  const [pipelines, users, runners, projects] = await Promise.all([
    pipelinesByIds(ids((j) => j.pipelineId)),
    usersByIds(ids((j) => j.userId)),
    runnersByIds(ids((j) => j.runnerId)),
    projectsWithNamespaceName(ids((j) => j.projectId)),
  ])
  const commitKeys = [
    ...new Map(pipelines.map((p) => [`${p.projectId}:${p.sha}`, { projectId: p.projectId, sha: p.sha }])).values(),
  ]
  const [commits, extras] = await Promise.all([commitsByProjectSha(commitKeys), runnerExtras(runners)])
  return {
    pipelines: new Map(pipelines.map((p) => [p.id, p])),
    commits: new Map(commits.map((c) => [`${c.projectId}:${c.sha}`, c])),
    users: new Map(users.map((u) => [u.id, u])),
    runners: new Map(runners.map((r) => [r.id, r])),
    runnerExtras: extras,
    projects: new Map(
      projects.map((p) => [
        p.id,
        {
          id: p.id,
          name: p.name,
          path: p.path,
          description: p.description,
          createdAt: p.createdAt,
          fullPath: p.fullPath,
          nameWithNamespace: `${p.namespace.fullName} / ${p.name}`,
        },
      ]),
    ),
  }
}

export async function presentJobs(jobs: Job[]) {
  const l = await lookups(jobs)
  return jobs.map((j) => jobEntity(j, l))
}

export async function presentJob(job: Job) {
  const [one] = await presentJobs([job])
  return must(one, 'presented job')
}

async function page(where: Prisma.JobWhereInput, orderBy: Prisma.JobOrderByWithRelationInput[], window: PageWindow) {
  const db = await getDb()
  return offsetList('job', where, window, db.job.findMany({ where, orderBy, skip: window.skip, take: window.take }))
}

/** GitLab's `scope[]` (one status or several); unknown values are a 400 as in Grape. */
export function scopeWhere(scope: string[] | undefined): Prisma.JobWhereInput {
  return scope?.length ? { status: { in: scope } } : {}
}

export async function listProjectJobs(projectId: number, scope: string[] | undefined, window: PageWindow) {
  const rows = await page({ projectId, retried: false, ...scopeWhere(scope) }, [{ id: 'desc' }], window)
  const l = await lookups(rows.items)
  return mapPage(rows, (j) => jobEntity(j, l))
}

export async function listPipelineJobs(
  pipelineId: number,
  scope: string[] | undefined,
  includeRetried: boolean,
  window: PageWindow,
) {
  const rows = await page(
    { pipelineId, ...(includeRetried ? {} : { retried: false }), ...scopeWhere(scope) },
    [{ id: 'asc' }],
    window,
  )
  const l = await lookups(rows.items)
  return mapPage(rows, (j) => jobEntity(j, l))
}

/** GET /runners/:id/jobs: only jobs of projects where the caller is Reporter+ (all for admins). */
export async function listRunnerJobs(
  actor: Actor,
  runner: Runner,
  params: { system_id?: string; status?: string; sort?: 'asc' | 'desc' },
  window: PageWindow,
) {
  const and: Prisma.JobWhereInput[] = [{ runnerId: runner.id }]
  if (params.status) and.push({ status: params.status })
  if (params.system_id) {
    const manager = await runnerManagerBySystemId(runner.id, params.system_id)
    and.push({ runnerManagerId: manager?.id ?? -1 })
  }
  if (!actor.user.admin) {
    const m = await membershipsOf(actor.user.id)
    const visible = await projectIdsWithin({
      projectIds: [...m.projects].filter(([, l]) => l >= ACCESS.REPORTER).map(([id]) => id),
      groupPaths: [...m.namespaces]
        .filter(([, l]) => l >= ACCESS.REPORTER)
        .map(([id]) => m.namespacePaths.get(id))
        .filter((p): p is string => !!p),
      personalNamespaceId: m.personalNamespaceId,
    })
    and.push({ projectId: { in: visible } })
  }
  const rows = await page({ AND: and }, [{ id: params.sort ?? 'desc' }], window)
  const l = await lookups(rows.items)
  return mapPage(rows, (j) => jobWithProject(j, l))
}

export async function findJob(projectId: number, id: number): Promise<Job> {
  const db = await getDb()
  const job = await db.job.findFirst({ where: { id, projectId } })
  if (!job) throw notFound()
  return job
}

/** A job by id (GET /job: the job of the caller's own job token). */
export async function jobById(id: number): Promise<Job> {
  const db = await getDb()
  return db.job.findUniqueOrThrow({ where: { id } })
}

/** The whole log, concatenated from its chunks in order. */
export async function readTrace(jobId: number): Promise<Buffer> {
  const db = await getDb()
  const chunks = await db.jobTraceChunk.findMany({
    where: { jobId },
    orderBy: { offset: 'asc' },
    select: { data: true },
  })
  return Buffer.concat(chunks.map((c) => Buffer.from(c.data)))
}

/** POST …/cancel: an unfinished job is canceled (its token stops working) and the pipeline rolls up. */
export async function cancelJob(job: Job): Promise<Job> {
  // GitLab's Ci::Build#cancel on a finished job changes nothing and the API still answers 201.
  if (!(ACTIVE as readonly string[]).includes(job.status)) return job
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const now = new Date()
    await tx.job.updateMany({
      where: { id: job.id, status: { in: [...ACTIVE] } },
      data: { status: 'canceled', finishedAt: now },
    })
    await processPipeline(job.pipelineId, tx)
    return tx.job.findUniqueOrThrow({ where: { id: job.id } })
  })
}

/** POST …/retry: a finished job is cloned as a new pending job; the old one is marked retried. */
export async function retryJob(job: Job, userId: number): Promise<Job> {
  if (!FINISHED.includes(job.status)) throw forbidden('Job is not retryable')
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const marked = await tx.job.updateMany({ where: { id: job.id, retried: false }, data: { retried: true } })
    if (marked.count !== 1) throw forbidden('Job is not retryable')
    const clone = await tx.job.create({
      data: {
        pipelineId: job.pipelineId,
        projectId: job.projectId,
        name: job.name,
        stage: job.stage,
        stageIdx: job.stageIdx,
        status: 'created',
        when: job.when === 'manual' ? 'on_success' : job.when,
        allowFailure: job.allowFailure,
        tags: job.tags,
        options: job.options,
        protected: job.protected,
        userId,
      },
    })
    // A retried job starts at once when its stage may run; the pipeline reopens.
    await reopenPipeline(tx, job.pipelineId)
    await processPipeline(job.pipelineId, tx)
    return tx.job.findUniqueOrThrow({ where: { id: clone.id } })
  })
}

/** POST …/play: a manual job is queued as the user's and the pipeline reopens. */
export async function playJob(job: Job, userId: number): Promise<Job> {
  const db = await getDb()
  return db.$transaction(async (tx) => {
    await tx.job.updateMany({
      where: { id: job.id, status: 'manual' },
      data: { status: 'pending', queuedAt: new Date(), userId },
    })
    await tickJobQueue(tx)
    await reopenPipeline(tx, job.pipelineId)
    await processPipeline(job.pipelineId, tx)
    return tx.job.findUniqueOrThrow({ where: { id: job.id } })
  })
}

/** A runner's keep-alive (PUT /jobs/:id, state running): the job counts as heard from, written at most once a minute. */
export async function keepJobAlive(job: Pick<Job, 'id'>): Promise<void> {
  const db = await getDb()
  await db.job.updateMany({
    where: { id: job.id, status: 'running', updatedAt: { lt: new Date(Date.now() - 60_000) } },
    data: { updatedAt: new Date() },
  })
}

/** A runner reports the end of a running job; the pipeline rolls on. Returns the job's status afterwards (unchanged if it was no longer running). */
export async function finishJob(
  job: Pick<Job, 'id' | 'pipelineId'>,
  state: 'success' | 'failed',
  exitCode: number | null,
  failureReason: string | null,
): Promise<string> {
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({
      where: { id: job.id, status: 'running' },
      data: { status: state, finishedAt: new Date(), exitCode, failureReason },
    })
    if (count) await processPipeline(job.pipelineId, tx)
    return (await tx.job.findUniqueOrThrow({ where: { id: job.id }, select: { status: true } })).status
  })
}
