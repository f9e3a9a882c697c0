// Tracked events (POST /usage_data/track_event(s)) are buffered in the process and written in one
// INSERT per flush: a request costs an array push, not a database write. The buffer is flushed
// FLUSH_MS after its first event, at once when it holds FLUSH_AT rows, before the payload is
// computed, and at shutdown (lib/server/serve.ts). A crash loses at most FLUSH_MS of events, as a
// counter in Redis without persistence would.
import { getDb } from '../db'
import { logger } from '../runtime/log'
import { processState } from '../util/process-state'
import { config } from '../config'

export interface TrackedEvent {
  event: string
  userId: number | null
  namespaceId: number | null
  projectId: number | null
  properties: Record<string, unknown> | null
  sendToSnowplow: boolean
}

const flushMs = () => config().usageData.eventsFlushMs
const FLUSH_AT = 500
// Bounds memory when the database is down: older unwritten events are dropped past this.
const MAX_BUFFERED = 50_000

interface Row {
  event: string
  userId: number | null
  namespaceId: number | null
  projectId: number | null
  properties: string | null
  sendToSnowplow: boolean
  createdAt: Date
}

const g = processState('usage-data.events', () => ({
  buffer: [] as Row[],
  timer: undefined as NodeJS.Timeout | undefined,
  flushing: Promise.resolve(),
}))

export function recordEvents(events: TrackedEvent[]): void {
  const now = new Date()
  for (const e of events) {
    g.buffer.push({
      ...e,
      properties: e.properties && Object.keys(e.properties).length ? JSON.stringify(e.properties) : null,
      createdAt: now,
    })
  }
  if (g.buffer.length > MAX_BUFFERED) g.buffer.splice(0, g.buffer.length - MAX_BUFFERED)
  if (g.buffer.length >= FLUSH_AT) void flushEvents()
  else g.timer ??= setTimeout(() => void flushEvents(), flushMs()).unref()
}

/** Writes what is buffered; flushes run one after another so rows are never written twice. */
export function flushEvents(): Promise<void> {
  g.flushing = g.flushing.then(async () => {
    clearTimeout(g.timer)
    g.timer = undefined
    const rows = g.buffer.splice(0)
    if (!rows.length) return
    try {
      await (await getDb()).usageEvent.createMany({ data: rows })
    } catch (err) {
      logger().error({ err, events: rows.length }, 'usage data: writing tracked events failed; retrying')
      g.buffer.unshift(...rows)
      g.timer ??= setTimeout(() => void flushEvents(), flushMs() * 5).unref()
    }
  })
  return g.flushing
}

/** Events tracked so far, per name (written ones: call flushEvents() first to include this process's buffer). */
export async function eventCounts(): Promise<Map<string, number>> {
  const rows = await (
    await getDb()
  ).usageEvent.groupBy({ by: ['event'], _count: { _all: true }, orderBy: { event: 'asc' } })
  return new Map(rows.map((r) => [r.event, r._count._all]))
}
