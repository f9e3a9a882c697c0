// The pipeline schedule worker. Every app process runs it; a due schedule is claimed with a
// compare-and-swap on its next_run_at inside the transaction that creates its pipeline, so it
// fires exactly once however many processes share the database, and a crash rolls the claim
// back. The next run is computed from now, so after downtime a schedule catches up once rather
// than firing every missed run. Schedules whose owner is gone or blocked are deactivated.
import { getDb } from '../db'
import type { PipelineSchedule } from '../db/generated/sqlite/client'
import { logger } from '../api/log'
import { nextRuns } from '../pipeline-schedules/cron'
import { runSchedule } from '../pipeline-schedules/service'

const BATCH = 200

async function fire(schedule: PipelineSchedule, now: Date): Promise<boolean> {
  const db = await getDb()
  const owner = schedule.ownerId ? await db.user.findUnique({ where: { id: schedule.ownerId }, select: { state: true } }) : null
  const [next] = nextRuns(schedule.cron, schedule.cronTimezone, now)
  if (!owner || owner.state !== 'active' || !next) {
    await db.pipelineSchedule.updateMany({ where: { id: schedule.id, nextRunAt: schedule.nextRunAt }, data: { active: false } })
    return false
  }
  return db.$transaction(async (tx) => {
    const claimed = await tx.pipelineSchedule.updateMany({ where: { id: schedule.id, nextRunAt: schedule.nextRunAt, active: true }, data: { nextRunAt: next } })
    if (claimed.count !== 1) return false // another process fired it
    await runSchedule(schedule, schedule.ownerId, tx)
    return true
  })
}

/** Fires every active schedule due at `now`; returns how many pipelines this call created. */
export async function runDueSchedules(now = new Date()): Promise<number> {
  const db = await getDb()
  let fired = 0
  for (;;) {
    const due = await db.pipelineSchedule.findMany({ where: { active: true, nextRunAt: { lte: now } }, orderBy: [{ nextRunAt: 'asc' }, { id: 'asc' }], take: BATCH })
    for (const s of due) if (await fire(s, now)) fired++
    if (due.length < BATCH) return fired
  }
}

const g = globalThis as { __scheduler?: { timer?: NodeJS.Timeout; stopped: boolean } }

/** Polls for due schedules every SCHEDULER_INTERVAL_MS (default 5 s) until stopScheduler(). */
export function startScheduler(intervalMs = Number(process.env.SCHEDULER_INTERVAL_MS ?? 5000)): void {
  if (g.__scheduler || process.env.SCHEDULER_ENABLED === 'false') return
  const state = (g.__scheduler = { stopped: false } as { timer?: NodeJS.Timeout; stopped: boolean })
  const tick = async () => {
    try {
      await runDueSchedules()
    } catch (err) {
      logger().error({ err }, 'pipeline schedule worker failed')
    }
    if (!state.stopped) state.timer = setTimeout(tick, intervalMs).unref()
  }
  state.timer = setTimeout(tick, intervalMs).unref()
}

export function stopScheduler(): void {
  const s = g.__scheduler
  if (!s) return
  s.stopped = true
  if (s.timer) clearTimeout(s.timer)
  g.__scheduler = undefined
}
