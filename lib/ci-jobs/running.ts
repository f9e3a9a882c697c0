// Which runners and runner managers are busy (running a job), for lib/runners' entities. Only
// lib/db below: lib/ci-jobs's service imports lib/runners, so lib/runners cannot import it back.
import { getDb } from '../db'

/** The runners among `runnerIds` that are running a job. */
export async function runnersRunningJobs(runnerIds: readonly number[]): Promise<Set<number>> {
  const rows = await (await getDb()).job.findMany({ where: { runnerId: { in: [...runnerIds] }, status: 'running' }, select: { runnerId: true }, distinct: ['runnerId'] })
  return new Set(rows.map((j) => j.runnerId!))
}

/** The managers (by id) of a runner that are running a job; null stands for jobs claimed without a system_id. */
export async function managersRunningJobs(runnerId: number): Promise<Set<number | null>> {
  const rows = await (await getDb()).job.findMany({ where: { runnerId, status: 'running' }, select: { runnerManagerId: true } })
  return new Set(rows.map((j) => j.runnerManagerId))
}
