// The durable queue's task kinds: each domain defines its long work here by name (at import time)
// and enqueues it with typed payloads. A worker only claims kinds it knows, so processes of
// different versions never run a handler they do not have.
import type { z } from 'zod'
import type { QueuedTask } from '../db/generated/sqlite/client'

export interface TaskContext<P> {
  task: QueuedTask
  payload: P
  /** The last checkpoint the task saved (empty on its first run). */
  progress: Record<string, unknown>
  /**
   * Saves a checkpoint (shown in the console as progress) and proves the worker alive. Throws
   * TaskLost when the task was canceled or taken over meanwhile: the handler stops there.
   */
  checkpoint: (progress: Record<string, unknown>) => Promise<void>
  /** Aborted when the task is canceled or the process stops. */
  signal: AbortSignal
}

export interface TaskDefinition<P> {
  kind: string
  payload: z.ZodType<P>
  /** Tasks with the same key never run at once (e.g. one export per group). */
  concurrencyKey?: (payload: P) => string | null
  maxAttempts?: number
  run: (ctx: TaskContext<P>) => Promise<unknown>
}

/** Thrown by checkpoint() when this worker no longer owns the task. */
export class TaskLost extends Error {}

const g = globalThis as { __queueTasks?: Map<string, TaskDefinition<unknown>> }
const registry = () => (g.__queueTasks ??= new Map())

export function defineTask<P>(def: TaskDefinition<P>): TaskDefinition<P> {
  registry().set(def.kind, def)
  return def
}

export const taskDefinition = (kind: string) => registry().get(kind)
export const knownKinds = () => [...registry().keys()]
