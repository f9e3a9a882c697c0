// The jobs of one pipeline as pipeline processing and cancelation read and move them, inside the
// caller's transaction. Only lib/db below: lib/pipelines calls these, and lib/ci-jobs calls lib/pipelines.
import type { Prisma } from '../db'

/** The current (not retried) jobs with what planning their pipeline needs. */
export function pipelineJobStates(t: Prisma.TransactionClient, pipelineId: number) {
  return t.job.findMany({
    where: { pipelineId, retried: false },
    select: { id: true, stageIdx: true, status: true, when: true, allowFailure: true, startedAt: true },
  })
}

/** Moves jobs still `created` to `status` (pending ones are queued now, skipped ones finish now). */
export async function startCreatedJobs(
  t: Prisma.TransactionClient,
  ids: number[],
  status: string,
  now: Date,
): Promise<void> {
  await t.job.updateMany({
    where: { id: { in: ids }, status: 'created' },
    data: {
      status,
      ...(status === 'pending' ? { queuedAt: now } : {}),
      ...(status === 'skipped' ? { finishedAt: now } : {}),
    },
  })
}

/** Cancels a pipeline's jobs that are in one of `statuses` (the canceling pipeline's unfinished ones). */
export async function cancelPipelineJobs(
  t: Prisma.TransactionClient,
  pipelineId: number,
  statuses: readonly string[],
  now: Date,
): Promise<void> {
  await t.job.updateMany({
    where: { pipelineId, status: { in: [...statuses] } },
    data: { status: 'canceled', finishedAt: now },
  })
}
