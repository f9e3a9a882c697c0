// The durable queue as administrators see it (Admin → Background tasks): tasks with their status
// and progress, filtered and paginated in the database, and cancel. Product-specific (GitLab shows
// Sidekiq in its admin area without a REST API).
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { notFound } from '../api/errors'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { reply } from '../api/reply'
import { taskEntity } from './entity'
import { queuedTaskSchema } from './schema'
import { cancelTask, listTasks } from './store'

export const TASK_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'canceled'] as const
export const queueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/queue/tasks',
    summary: 'Tasks of the durable queue (administrators)',
    auth: 'admin',
    paginated: 'offset',
    params: z.object({ status: p.optional(p.enum(TASK_STATUSES)), kind: p.optional(p.string()) }),
    response: { body: z.array(queuedTaskSchema) },
    handler: async ({ params, page }) => {
      return mapPage(await listTasks(params, page), taskEntity)
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/queue/tasks/:id/cancel',
    summary: 'Cancel a pending or running task',
    auth: 'admin',
    params: z.object({ id: p.int() }),
    response: { status: 201, body: queuedTaskSchema },
    handler: async ({ params }) => {
      const task = await cancelTask(params.id)
      if (!task) throw notFound('Task')
      return reply(201, taskEntity(task))
    },
  }),
}
