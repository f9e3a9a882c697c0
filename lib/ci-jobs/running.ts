// Which runners and runner managers are busy (running a job), for lib/runners' entities. Only
// lib/db below: lib/ci-jobs's service imports lib/runners, so lib/runners cannot import it back.
import { countByFast, countByKept } from '../db'

/** The runners among `runnerIds` that are running a job. */
export async function runnersRunningJobs(runnerIds: readonly number[]): Promise<Set<number>> {
  // Prepared GROUP BYs, not Prisma (≈ 200 µs a query): every runner list and runner page asks.
  if (!runnerIds.length) return new Set()
  const counts = await countByKept('Job', 'runnerId', { runnerId: { in: [...runnerIds] }, status: 'running' })
  return new Set([...counts.keys()] as number[])
}

/** The managers (by id) of a runner that are running a job; null stands for jobs claimed without a system_id. */
export async function managersRunningJobs(runnerId: number): Promise<Set<number | null>> {
  const counts = await countByFast('Job', 'runnerManagerId', { runnerId, status: 'running' })
  return new Set([...counts.keys()] as (number | null)[])
}
