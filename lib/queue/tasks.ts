// The durable queue's task kinds: each domain defines its long work here by name (at import time)
// and enqueues it with typed payloads. A worker only claims kinds it knows, so processes of
// different versions never run a handler they do not have.
import type { z } from 'zod'
import type { QueuedTask } from '../db'
import type { TaskProgress } from './schema'
import { processState } from '../util/process-state'

export interface TaskContext<P> {
  task: QueuedTask
  payload: P
  /** The last checkpoint the task saved (empty on its first run). */
  progress: TaskProgress
  /**
   * Saves a checkpoint (shown in the console as progress) and proves the worker alive. Throws
   * TaskLost when the task was canceled or taken over meanwhile: the handler stops there.
   */
  checkpoint: (progress: TaskProgress) => Promise<void>
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
  /**
   * A task the queue gives up on without its handler having finished (its worker stopped
   * responding on the last attempt, or an administrator canceled it) gets no chance to tidy up
   * itself: the task named here is queued in the same transaction that marks it failed or
   * canceled, so what a half-run left behind is undone even after a crash.
   */
  onGiveUp?: (payload: P, how: 'abandoned' | 'canceled') => { kind: string; payload: unknown }
}

/**
 * Thrown by a handler whose failure a retry cannot mend (a broken upload, a refused record): the
 * task fails for good at once, whatever attempts it has left.
 */
export class TaskFailed extends Error {}

/** Thrown by checkpoint() when this worker no longer owns the task. */
export class TaskLost extends Error {}

const tasks = processState('queue.tasks', () => new Map<string, TaskDefinition<unknown>>())
const registry = () => tasks

export function defineTask<P>(def: TaskDefinition<P>): TaskDefinition<P> {
  registry().set(def.kind, def as TaskDefinition<unknown>)
  return def
}

export const taskDefinition = (kind: string) => registry().get(kind)
export const knownKinds = () => [...registry().keys()]
