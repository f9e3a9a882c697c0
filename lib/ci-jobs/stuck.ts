// Jobs nobody will finish (GitLab's StuckCiJobsWorker): a running job whose runner has not been
// heard from for an hour (no log, no state update) and a job pending for a day are failed with
// `stuck_or_timeout_failure`, and their pipelines roll on. A runner killed with -9 therefore
// never leaves a pipeline running forever.
import { getDb } from '../db'
import { processPipeline } from '../pipelines/process'

export const RUNNING_OUTDATED_MS = 3600_000
export const PENDING_OUTDATED_MS = 24 * 3600_000
const BATCH = 100

export async function dropStuckJobs(now = new Date()): Promise<number> {
  const db = await getDb()
  const stuck = await db.job.findMany({
    where: {
      OR: [
        { status: 'running', updatedAt: { lt: new Date(now.getTime() - RUNNING_OUTDATED_MS) } },
        { status: 'pending', queuedAt: { lt: new Date(now.getTime() - PENDING_OUTDATED_MS) } },
      ],
    },
    select: { id: true, status: true, pipelineId: true },
    orderBy: { id: 'asc' },
    take: BATCH,
  })
  let dropped = 0
  for (const job of stuck) {
    dropped += await db.$transaction(async (tx) => {
      const { count } = await tx.job.updateMany({
        where: { id: job.id, status: job.status },
        data: { status: 'failed', failureReason: 'stuck_or_timeout_failure', finishedAt: now },
      })
      if (count) await processPipeline(job.pipelineId, tx)
      return count
    })
  }
  return dropped
}
