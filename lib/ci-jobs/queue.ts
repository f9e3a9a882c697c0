// Handing pending jobs to runners (GitLab's Ci::RegisterJobService). Candidates are read oldest
// first through the [status, id] index; the ones this runner may take (its projects, tags,
// run_untagged, access_level) are claimed with one conditional UPDATE each (`WHERE status =
// 'pending'`), so however many runners and processes ask at once, a job is handed out once.
import { randomBytes } from 'node:crypto'
import { digestToken } from '../auth/token-digest'
import { findManyFast, getDb, provider } from '../db'
import type { Job, Prisma, Runner } from '../db'
import { processPipeline } from '../pipelines/process'
import { projectsRunnerAccess } from '../projects/runner-access'
import { runnerScope, type RunnerScope } from '../runners/authenticate'
import { tagsOf } from '../runners/entity'
import { tagListOf } from './entity'

const BATCH = 50
const ROUNDS = 5

/** A new CI job token: GitLab's `glcbt-` prefix. */
export const newJobToken = () => `glcbt-${randomBytes(20).toString('base64url')}`

/** Whether a runner with these tags may run a job with `jobTags` (GitLab's RunnerMatcher). */
export function tagsMatch(runner: Pick<Runner, 'runUntagged' | 'tagList'>, jobTags: string[]): boolean {
  if (!jobTags.length) return runner.runUntagged
  const have = new Set(tagsOf(runner))
  return jobTags.every((t) => have.has(t))
}

type Candidate = Pick<Job, 'id' | 'projectId' | 'pipelineId' | 'tags' | 'protected'>

async function eligible(runner: Runner, scope: RunnerScope, candidates: Candidate[]): Promise<Candidate[]> {
  let allowed = (_c: Candidate) => true
  if (scope.kind !== 'projects' && candidates.length) {
    const projects = await projectsRunnerAccess([...new Set(candidates.map((c) => c.projectId))])
    const byId = new Map(projects.map((p) => [p.id, p]))
    allowed =
      scope.kind === 'instance'
        ? (c) => !!byId.get(c.projectId)?.sharedRunnersEnabled
        : (c) => !!byId.get(c.projectId)?.traversalIds.startsWith(scope.traversalIds)
  }
  return candidates.filter((c) => allowed(c) && tagsMatch(runner, tagListOf(c)))
}

/** What a waiting poll's look at the queue depended on: the queue's version and the runner's matching fields. */
export const queueLookKey = (runner: Runner, queueVersion: string) =>
  `${queueVersion}|${runner.tagList}|${String(runner.runUntagged)}|${runner.accessLevel}|${String(runner.locked)}`

export interface Claimed {
  job: Job
  token: string
}

interface ClaimData {
  runnerId: number
  runnerManagerId: number | null
  tokenDigest: string
  now: Date
}

/**
 * pending → running for this runner, or false if another runner has it. On PostgreSQL a job another
 * claim holds (its transaction still processing the pipeline) is skipped, not waited for: runners
 * polling together went on to the next candidate only after the first claim's commit, each wait
 * holding a connection of the pool (a 5-minute soak probe: ~0.7 backends waiting on a Job row lock at
 * every sample). SQLite has one writer at a time, so nothing is ever locked there.
 */
async function markRunning(tx: Prisma.TransactionClient, id: number, d: ClaimData): Promise<boolean> {
  if (provider() === 'postgresql')
    return (
      (await tx.$executeRaw`UPDATE "Job" SET "status" = 'running', "runnerId" = ${d.runnerId}, "runnerManagerId" = ${d.runnerManagerId}, "tokenDigest" = ${d.tokenDigest}, "startedAt" = ${d.now}, "updatedAt" = ${d.now}
        WHERE "id" = (SELECT "id" FROM "Job" WHERE "id" = ${id} AND "status" = 'pending' FOR UPDATE SKIP LOCKED)`) === 1
    )
  const { count } = await tx.job.updateMany({
    where: { id, status: 'pending' },
    data: {
      status: 'running',
      runnerId: d.runnerId,
      runnerManagerId: d.runnerManagerId,
      tokenDigest: d.tokenDigest,
      startedAt: d.now,
    },
  })
  return count === 1
}

/** Claims the oldest pending job this runner may take, or null. */
export async function claimJob(runner: Runner, managerId: number | null): Promise<Claimed | null> {
  if (runner.paused) return null
  const scope = await runnerScope(runner)
  if (scope.kind === 'projects' && !scope.projectIds.length) return null
  const db = await getDb()
  let afterId = 0
  for (let round = 0; round < ROUNDS; round++) {
    const where: Record<string, unknown> = { status: 'pending', id: { gt: afterId } }
    if (scope.kind === 'projects') where.projectId = { in: scope.projectIds }
    if (!tagsOf(runner).length) where.tags = '[]'
    if (runner.accessLevel === 'ref_protected') where.protected = true
    const candidates = await findManyFast('Job', {
      where,
      orderBy: { id: 'asc' },
      take: BATCH,
      select: ['id', 'projectId', 'pipelineId', 'tags', 'protected'],
    })
    const last = candidates.at(-1)
    if (!last) return null
    afterId = last.id
    const ok = await eligible(runner, scope, candidates)
    // Runners asking together start at different places among the oldest jobs, so they do not
    // all race for the first one.
    const start = ok.length ? Math.floor(Math.random() * Math.min(ok.length, 8)) : 0
    const order = ok.map((_, i) => ok[(start + i) % ok.length]!)
    if (order.length) {
      const token = newJobToken()
      const data = { runnerId: runner.id, runnerManagerId: managerId, tokenDigest: digestToken(token), now: new Date() }
      // One transaction per round, not one per candidate: under load most candidates are gone by the
      // time a claim gets the write lock (runners ask together, and a claim waits its turn), and every
      // lost candidate cost a whole transaction (a SQLite soak probe: ~5,000 claim transactions for
      // ~800 jobs handed out in the scheduler's burst, a quarter of all the time the lock was held).
      // Which candidates are still pending is one read under the lock.
      const job = await db.$transaction(async (tx) => {
        const pending = await tx.job.findMany({
          where: { id: { in: order.map((c) => c.id) }, status: 'pending' },
          select: { id: true },
        })
        const still = new Set(pending.map((j) => j.id))
        for (const c of order) {
          if (!still.has(c.id) || !(await markRunning(tx, c.id, data))) continue
          await processPipeline(c.pipelineId, tx)
          return tx.job.findUniqueOrThrow({ where: { id: c.id } })
        }
        return null
      })
      if (job) return { job, token }
    }
    if (candidates.length < BATCH) return null
  }
  return null
}
