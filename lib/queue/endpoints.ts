// The durable queue as administrators see it (Admin → Background tasks): tasks with their status
// and progress, filtered and paginated in the database, and cancel. Product-specific (GitLab shows
// Sidekiq in its admin area without a REST API).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { notFound } from '../api/errors'
import { cappedCount, mapPage, offsetPage } from '../api/pagination'
import { p } from '../api/param-types'
import { reply } from '../api/reply'
import { getDb } from '../db'
import type { QueuedTask } from '../db/generated/sqlite/client'
import { cancelTask } from './store'

export const TASK_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'canceled'] as const
const iso = (d: Date | null) => (d ? d.toISOString() : null)
const json = (s: string | null) => {
  try {
    return s ? (JSON.parse(s) as unknown) : null
  } catch {
    return null
  }
}

export const taskEntity = (t: QueuedTask) => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  concurrency_key: t.concurrencyKey,
  attempts: t.attempts,
  max_attempts: t.maxAttempts,
  progress: json(t.progress),
  last_error: t.lastError,
  run_at: iso(t.runAt),
  created_at: iso(t.createdAt),
  started_at: iso(t.startedAt),
  finished_at: iso(t.finishedAt),
})

export const queueEndpoints = {
  list: endpoint({
    method: 'GET', path: '/admin/queue/tasks', summary: 'Tasks of the durable queue (administrators)', auth: 'admin', paginated: 'offset',
    params: z.object({ status: p.optional(p.enum(TASK_STATUSES)), kind: p.optional(p.string()) }),
    handler: async ({ params, page }) => {
      const db = await getDb()
      const where = { ...(params.status ? { status: params.status } : {}), ...(params.kind ? { kind: params.kind } : {}) }
      const [rows, total] = await Promise.all([
        db.queuedTask.findMany({ where, orderBy: { id: 'desc' }, skip: page.skip, take: page.take }),
        cappedCount((take) => db.queuedTask.count({ where, take })),
      ])
      return mapPage(offsetPage(rows, total, page), taskEntity)
    },
  }),
  cancel: endpoint({
    method: 'POST', path: '/admin/queue/tasks/:id/cancel', summary: 'Cancel a pending or running task', auth: 'admin', params: z.object({ id: p.int() }),
    handler: async ({ params }) => {
      const task = await cancelTask(params.id)
      if (!task) throw notFound('Task')
      return reply(201, taskEntity(task))
    },
  }),
}
