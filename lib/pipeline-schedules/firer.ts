// Fires due pipeline schedules (the schedule worker). Every app process runs it; a due schedule is claimed with a
// compare-and-swap on its next_run_at inside the transaction that creates its pipeline, so it
// fires exactly once however many processes share the database, and a crash rolls the claim
// back. The next run is computed from now, so after downtime a schedule catches up once rather
// than firing every missed run. Schedules whose owner is gone or blocked are deactivated.
import { getDb, syncChanges } from '../db'
import type { PipelineSchedule } from '../db'
import { logger } from '../runtime/log'
import { nextRuns } from './cron'
import { claimScheduleRun, deactivateSchedule, dueSchedules, prepareScheduledPipeline, runSchedule } from './service'
import { dropStuckJobs } from '../ci-jobs/stuck'
import { usersByIds } from '../users/find'
import { processState } from '../util/process-state'
import { config } from '../config'
import { crashPoint } from '../runtime/crash-point'

const BATCH = 200

function shuffled<T>(items: T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

async function fire(schedule: PipelineSchedule, now: Date, ownerStates: Map<number, string>): Promise<boolean> {
  const db = await getDb()
  const ownerState = schedule.ownerId ? ownerStates.get(schedule.ownerId) : undefined
  const [next] = nextRuns(schedule.cron, schedule.cronTimezone, now)
  if (ownerState !== 'active' || !next) {
    await deactivateSchedule(schedule)
    return false
  }
  // Reads first: the transaction then only claims and writes.
  const prepared = await prepareScheduledPipeline(schedule, schedule.ownerId)
  const fired = await db.$transaction(async (tx) => {
    if (!(await claimScheduleRun(tx, schedule, next))) return false // another process fired it
    await runSchedule(schedule, schedule.ownerId, tx, prepared)
    crashPoint(`pipeline_schedule:${schedule.id}:before-commit`, 1)
    return true
  })
  if (fired) crashPoint(`pipeline_schedule:${schedule.id}:after-commit`, 1)
  return fired
}

/** Fires every active schedule due at `now`; returns how many pipelines this call created. */
export async function runDueSchedules(now = new Date()): Promise<number> {
  let fired = 0
  for (;;) {
    const due = await dueSchedules(now, BATCH)
    const ownerIds = [...new Set(due.map((s) => s.ownerId).filter((x): x is number => x !== null))]
    const owners = await usersByIds(ownerIds)
    const ownerStates = new Map(owners.map((o) => [o.id, o.state]))
    // Each process works through the batch in its own order, so processes rarely race for a row.
    for (const s of shuffled(due)) if (await fire(s, now, ownerStates)) fired++
    if (due.length < BATCH) return fired
  }
}

const g = processState('jobs.scheduler', () => ({
  current: undefined as { timer?: NodeJS.Timeout; stopped: boolean } | undefined,
}))

/** Polls for due schedules every SCHEDULER_INTERVAL_MS (default 5 s) until stopScheduler(). */
export function startScheduler(intervalMs = config().scheduler.intervalMs): void {
  if (g.current || !config().scheduler.enabled) return
  const state = (g.current = { stopped: false } as { timer?: NodeJS.Timeout; stopped: boolean })
  let lastStuckCheck = 0
  const tick = async () => {
    try {
      await syncChanges()
      await runDueSchedules()
    } catch (err) {
      logger().error({ err }, 'pipeline schedule worker failed')
    }
    // Stuck CI jobs are looked for once a minute: they are at least an hour old anyway.
    if (Date.now() - lastStuckCheck > 60_000) {
      lastStuckCheck = Date.now()
      try {
        const dropped = await dropStuckJobs()
        if (dropped) logger().warn({ dropped }, 'failed stuck CI jobs')
      } catch (err) {
        logger().error({ err }, 'stuck CI job check failed')
      }
    }
    if (!state.stopped) state.timer = setTimeout(() => void tick(), intervalMs).unref()
  }
  state.timer = setTimeout(() => void tick(), intervalMs).unref()
}

export function stopScheduler(): void {
  const s = g.current
  if (!s) return
  s.stopped = true
  if (s.timer) clearTimeout(s.timer)
  g.current = undefined
}
