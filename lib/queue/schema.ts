import { z } from 'zod'
import { int, time } from '../api/json-types'

/**
 * A task's last checkpoint: its own resume state, plus the fields the console shows as progress
 * (`done` of `total`, or a message).
 */
export const taskProgressSchema = z.looseObject({
  done: int().optional(),
  total: int().optional(),
  message: z.string().optional(),
})
export type TaskProgress = z.infer<typeof taskProgressSchema>

/** A task of the durable queue as administrators see it. */
export const queuedTaskSchema = z.strictObject({
  id: int(),
  kind: z.string(),
  status: z.string(),
  concurrency_key: z.string().nullable(),
  attempts: int(),
  max_attempts: int(),
  progress: taskProgressSchema.nullable(),
  last_error: z.string().nullable(),
  run_at: time(),
  created_at: time(),
  started_at: time().nullable(),
  finished_at: time().nullable(),
})
export type QueuedTaskJson = z.infer<typeof queuedTaskSchema>
