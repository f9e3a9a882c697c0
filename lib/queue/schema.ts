import { z } from 'zod'
import { int, time } from '../api/json-types'

/** A task of the durable queue as administrators see it (progress is the task's own JSON). */
export const queuedTaskSchema = z.strictObject({
  id: int(),
  kind: z.string(),
  status: z.string(),
  concurrency_key: z.string().nullable(),
  attempts: int(),
  max_attempts: int(),
  progress: z.unknown(),
  last_error: z.string().nullable(),
  run_at: time(),
  created_at: time(),
  started_at: time().nullable(),
  finished_at: time().nullable(),
})
export type QueuedTaskJson = z.infer<typeof queuedTaskSchema>
