// Pipeline processing (GitLab's Ci::PipelineProcessing::AtomicProcessingService, stage-based):
// jobs of a stage wait (`created`) until every earlier stage is complete, then start according to
// their `when` and the earlier stages' composite status; the pipeline's status is the composite of
// its jobs (Gitlab::Ci::Status::Composite). `planPipeline` is pure; `processPipeline` applies it.
import { getDb, type Prisma } from '../db'
import { pipelineJobStates, startCreatedJobs } from '../ci-jobs/pipeline-jobs'
import { signalJobsQueued, tickJobQueue } from './queue-signal'

export interface JobState {
  id: number
  stageIdx: number
  status: string
  when: string
  allowFailure: boolean
}

const COMPLETE = new Set(['success', 'failed', 'canceled', 'skipped'])

/** A job whose failure (or pending manual action) does not hold the pipeline back. */
const ignored = (j: Pick<JobState, 'status' | 'allowFailure'>) =>
  j.allowFailure && (j.status === 'failed' || j.status === 'canceled' || j.status === 'manual')

/** GitLab's composite status of a set of jobs. */
export function compositeStatus(jobs: Pick<JobState, 'status' | 'allowFailure'>[]): string {
  const kinds = new Set(jobs.map((j) => (ignored(j) ? 'ignored' : j.status)))
  const onlyOf = (...allowed: string[]) => [...kinds].every((k) => allowed.includes(k))
  const anyOf = (...s: string[]) => s.some((k) => kinds.has(k))
  if (onlyOf('skipped', 'ignored'))
    return jobs.length && kinds.has('ignored') && !kinds.has('skipped') && jobs.every((j) => j.status === 'manual')
      ? 'manual'
      : 'skipped'
  if (onlyOf('success', 'skipped', 'ignored')) return 'success'
  if (onlyOf('created', 'ignored')) return 'created'
  if (onlyOf('canceled', 'success', 'skipped', 'ignored')) return 'canceled'
  if (onlyOf('pending', 'created', 'skipped', 'ignored')) return 'pending'
  if (anyOf('running', 'pending')) return 'running'
  if (anyOf('manual')) return 'manual'
  if (anyOf('created')) return 'running'
  return 'failed'
}

/** What an unstarted job becomes once every earlier stage is complete with `previous` status. */
function startStatus(when: string, previous: string): string {
  const ok = previous === 'success' || previous === 'skipped'
  switch (when) {
    case 'always':
      return 'pending'
    case 'manual':
      return ok ? 'manual' : 'skipped'
    case 'on_failure':
      return previous === 'failed' ? 'pending' : 'skipped'
    default:
      return ok ? 'pending' : 'skipped'
  }
}

/** New statuses for jobs that change, and the pipeline's resulting status. */
export function planPipeline(jobs: JobState[]): { changes: Map<number, string>; status: string } {
  const current = new Map(jobs.map((j) => [j.id, j.status]))
  const stages = [...new Set(jobs.map((j) => j.stageIdx))].sort((a, b) => a - b)
  const earlier: JobState[] = []
  let blocked = false
  for (const stage of stages) {
    const inStage = jobs.filter((j) => j.stageIdx === stage)
    if (!blocked) {
      const previous = earlier.length ? compositeStatus(earlier) : 'success'
      for (const j of inStage) if (current.get(j.id) === 'created') current.set(j.id, startStatus(j.when, previous))
    }
    const now = inStage.map((j) => ({ ...j, status: current.get(j.id)! }))
    // A stage that is not finished (a manual job without allow_failure counts as unfinished) holds later ones.
    if (now.some((j) => !COMPLETE.has(j.status) && !ignored(j))) blocked = true
    earlier.push(...now)
  }
  const changes = new Map<number, string>()
  for (const j of jobs) if (current.get(j.id) !== j.status) changes.set(j.id, current.get(j.id)!)
  const status = jobs.length ? compositeStatus(jobs.map((j) => ({ ...j, status: current.get(j.id)! }))) : 'created'
  return { changes, status }
}

const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped'])

/**
 * Moves a pipeline forward after any job changed: starts the next stage's jobs, skips what can no
 * longer run and rolls the status, started_at and finished_at up. The pipeline row is updated
 * first, so concurrent callers for one pipeline serialise on its row lock (PostgreSQL) or the
 * write lock (SQLite).
 */
export async function processPipeline(pipelineId: number, tx?: Prisma.TransactionClient): Promise<string> {
  const run = async (t: Prisma.TransactionClient) => {
    const now = new Date()
    const pipeline = await t.pipeline.update({ where: { id: pipelineId }, data: { updatedAt: now } })
    const jobs = await pipelineJobStates(t, pipelineId)
    const { changes, status } = planPipeline(jobs)
    const byStatus = new Map<string, number[]>()
    for (const [id, s] of changes) byStatus.set(s, [...(byStatus.get(s) ?? []), id])
    for (const [s, ids] of byStatus) await startCreatedJobs(t, ids, s, now)
    // Waiting runners re-read the queue; one that reads before this transaction commits finds
    // the jobs at its next re-check.
    const queued = byStatus.get('pending')?.length ?? 0
    if (queued) {
      await tickJobQueue(t)
      setImmediate(() => signalJobsQueued(queued))
    }
    const started = jobs.map((j) => j.startedAt).filter((d): d is Date => !!d)
    const startedAt =
      pipeline.startedAt ?? (started.length ? new Date(Math.min(...started.map((d) => d.getTime()))) : null)
    const finishedAt = FINISHED.has(status) ? (pipeline.finishedAt ?? now) : null
    if (
      status !== pipeline.status ||
      startedAt?.getTime() !== pipeline.startedAt?.getTime() ||
      finishedAt?.getTime() !== pipeline.finishedAt?.getTime()
    )
      await t.pipeline.update({ where: { id: pipelineId }, data: { status, startedAt, finishedAt } })
    return status
  }
  return tx ? run(tx) : (await getDb()).$transaction(run)
}

/** A job of a finished pipeline runs again (retry, play): the pipeline is unfinished until processing rolls it up. */
export async function reopenPipeline(t: Prisma.TransactionClient, pipelineId: number): Promise<void> {
  await t.pipeline.update({ where: { id: pipelineId }, data: { finishedAt: null } })
}
