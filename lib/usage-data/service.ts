// The service ping (GitLab's ServicePing::SubmitService without the submission): a `service_ping`
// task computes the payload and stores it; GET /usage_data/service_ping serves the newest one.
// The task runs weekly through a chain of cycles (UsageDataSchedule) and on demand.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { config } from '../config'
import { getDb, isUniqueViolation, type QueuedTask, type UsageDataPayload } from '../db'
import { enqueue } from '../queue/store'
import { defineTask } from '../queue/tasks'
import { crashPoint } from '../runtime/crash-point'
import { logger } from '../runtime/log'
import { processState } from '../util/process-state'
import { currentSettings } from '../settings/service'
import { insertSystemValue, readSystemValue } from '../settings/system-values'
import { eventCounts, flushEvents } from './events'
import { definitionOf, eventKeyPath, eventMetric, METRICS, type MetricContext, type MetricDefinition } from './metrics'

const UUID_KEY = 'usage_data.uuid'
const TASK = 'service_ping'
// GitLab's SQL_METRIC_DEFAULT: what the non-SQL variant shows for a metric counted in SQL.
const SQL_METRIC_DEFAULT = -3
const KEEP_PAYLOADS = 10
const intervalMs = () => config().usageData.intervalMs
const g = processState('usage-data.schedule', () => ({ adding: Promise.resolve(false) }))
const firstDelayMs = () => config().usageData.firstDelayMs

/** The instance's uuid: generated once, the first of racing writers wins. */
export async function instanceUuid(): Promise<string> {
  const stored = await readSystemValue(UUID_KEY)
  if (stored) return stored
  try {
    await insertSystemValue(UUID_KEY, randomUUID())
  } catch (e) {
    if (!isUniqueViolation(e)) throw e
  }
  const won = await readSystemValue(UUID_KEY)
  if (!won) throw new Error('usage data uuid missing after insert')
  return won
}

/** values: what is stored and served; queries: counted metrics as SQL; non_sql: counted metrics as -3. */
export type PayloadVariant = 'values' | 'queries' | 'non_sql'

function setAt(target: Record<string, unknown>, keyPath: string, value: unknown): void {
  const [head, ...rest] = keyPath.split('.')
  if (head === undefined) return
  if (!rest.length) {
    target[head] = value
    return
  }
  const child = (target[head] ??= {}) as Record<string, unknown>
  setAt(child, rest.join('.'), value)
}

export async function computePayload(variant: PayloadVariant): Promise<Record<string, unknown>> {
  await flushEvents()
  const ctx: MetricContext = {
    recordedAt: new Date(),
    uuid: await instanceUuid(),
    hostname: config().externalHost.replace(/:\d+$/, ''),
    settings: await currentSettings(),
  }
  const values = await Promise.all(
    METRICS.map((m) => {
      if (!('sql' in m)) return m.value(ctx)
      if (variant === 'queries') return m.sql.sql
      if (variant === 'non_sql') return SQL_METRIC_DEFAULT
      return m.sql.count()
    }),
  )
  const payload: Record<string, unknown> = {}
  METRICS.forEach((m, i) => setAt(payload, m.key_path, values[i]))
  // Tracked events are GitLab's Redis counters: not SQL metrics, so every variant shows the value.
  for (const [event, n] of await eventCounts()) setAt(payload, eventKeyPath(event), n)
  return payload
}

/** Every metric's definition: the fixed list, then one per event tracked so far. */
export async function metricDefinitions(): Promise<MetricDefinition[]> {
  await flushEvents()
  return [...METRICS.map(definitionOf), ...[...(await eventCounts()).keys()].map((e) => definitionOf(eventMetric(e)))]
}

async function storePayload(trigger: 'scheduled' | 'manual'): Promise<UsageDataPayload> {
  const payload = await computePayload('values')
  const db = await getDb()
  const row = await db.usageDataPayload.create({
    data: { payload: JSON.stringify(payload), recordedAt: new Date(String(payload.recorded_at)), trigger },
  })
  const old = await db.usageDataPayload.findMany({
    orderBy: { recordedAt: 'desc' },
    skip: KEEP_PAYLOADS,
    select: { id: true },
  })
  if (old.length) await db.usageDataPayload.deleteMany({ where: { id: { in: old.map((o) => o.id) } } })
  return row
}

/** The newest stored payload (JSON text), or null before the first computation. */
export async function latestPayload(): Promise<UsageDataPayload | null> {
  return (await getDb()).usageDataPayload.findFirst({ orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }] })
}

export async function requestRecompute(actor: Actor): Promise<QueuedTask> {
  return enqueue(TASK, { cycle: null }, { createdById: actor.user.id })
}

/**
 * Adds cycle `cycle` of the weekly chain and its task, in one transaction. The cycle is the row's
 * primary key, so of processes racing to add the same cycle exactly one succeeds: the chain stays
 * single. Returns whether this call added it.
 *
 * Within a process the calls are serialised and the transaction looks before it inserts, so it
 * does not fail on the key: on SQLite the process has one connection, and a rolled-back
 * transaction would take other requests' statements interleaved on it along.
 */
function addCycle(cycle: number, runAt: Date): Promise<boolean> {
  const added = g.adding.then(async () => {
    const db = await getDb()
    try {
      return await db.$transaction(async (tx) => {
        if (await tx.usageDataSchedule.findUnique({ where: { cycle } })) return false
        await tx.usageDataSchedule.create({ data: { cycle, runAt } })
        await enqueue(TASK, { cycle }, { runAt }, tx)
        return true
      })
    } catch (e) {
      if (isUniqueViolation(e)) return false
      throw e
    }
  })
  g.adding = added.catch(() => false)
  return added
}

/**
 * Run by every process at start-up: starts the weekly chain soon after the first start, and
 * restarts it when it broke (its last cycle is a day overdue, e.g. its task was canceled).
 */
export async function ensureServicePingSchedule(now = new Date()): Promise<boolean> {
  const last = await (await getDb()).usageDataSchedule.findFirst({ orderBy: { cycle: 'desc' } })
  if (last && last.runAt.getTime() > now.getTime() - 24 * 3600_000) return false
  return addCycle(last ? last.cycle + 1 : 0, new Date(now.getTime() + firstDelayMs()))
}

defineTask({
  kind: TASK,
  // cycle: the weekly chain's cycle, null for a recompute asked for by an administrator.
  payload: z.object({ cycle: z.number().int().nullable() }),
  concurrencyKey: () => TASK,
  maxAttempts: 5,
  run: async ({ task, payload, checkpoint }) => {
    // The next cycle first: a failing computation must not end the weekly chain.
    if (payload.cycle !== null) await addCycle(payload.cycle + 1, new Date(Date.now() + intervalMs()))
    crashPoint(`${TASK}:after-next-cycle`, task.attempts)
    await checkpoint({ done: 0, total: 1, message: 'computing the payload' })
    const row = await storePayload(payload.cycle === null ? 'manual' : 'scheduled')
    await checkpoint({ done: 1, total: 1, message: 'payload stored' })
    logger().info({ payloadId: row.id, cycle: payload.cycle }, 'service ping payload computed')
    return { payload_id: row.id, recorded_at: row.recordedAt.toISOString() }
  },
})

export { recordEvents, type TrackedEvent } from './events'
