// What every step of a running migration shares (the task's context, its failure records) and how
// a retry after a kill -9 recognises what the killed run already made.
import { randomUUID } from 'node:crypto'
import type { Actor } from '../auth/actor'
import { getDb } from '../db'
import type { BulkImport, BulkImportEntity, Namespace } from '../db'
import { loadGroup } from '../groups/find'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectByFullPath } from '../projects/find'
import { SourceClient, SourceError } from './client'

/** A field of an exported relation as text: '' when absent, JSON for a structure (not "[object Object]"). */
export const textOf = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)

/** The migration was canceled: thrown at the next step, it ends the run without a failure. */
export class Canceled extends Error {}

export interface Ctx {
  migration: BulkImport
  client: SourceClient
  actor: Actor
  checkCanceled: () => Promise<void>
  /** The queue task's attempt, for the crash points of the kill -9 tests. */
  attempt: number
  /**
   * Records of each entity's relations already applied (`entityId:relation` → [records done,
   * imported]), kept in the task's checkpoint: a retry after a crash goes on after them instead of
   * importing them twice (GitLab's pipeline runner skips its processed entries the same way).
   */
  applied: Record<string, [number, number]>
  recordApplied: (key: string, done: number, imported: number) => Promise<void>
  /**
   * When a run began making an entity's group or project (entity id → epoch ms), saved before the
   * create: a run killed between the create and noting its id on the entity leaves a group the
   * retry would collide with ('has already been taken'); the retry adopts what was made since.
   */
  creating: Record<string, number>
  recordCreating: (entityId: number) => Promise<void>
}

/** When the destination's path was taken by an earlier, killed run of this entity: since when it was making it. */
function killedRunSince(ctx: Ctx, entity: BulkImportEntity): { since: number; fullPath: string } | null {
  const since = ctx.creating[String(entity.id)]
  if (since === undefined) return null
  return {
    since,
    fullPath: entity.destinationNamespace
      ? `${entity.destinationNamespace}/${entity.destinationSlug}`
      : entity.destinationSlug,
  }
}

export async function groupMadeByKilledRun(ctx: Ctx, entity: BulkImportEntity): Promise<Namespace | null> {
  const run = killedRunSince(ctx, entity)
  if (!run) return null
  const group = await loadGroup(run.fullPath)
  return group && group.createdAt.getTime() >= run.since ? group : null
}

export async function projectMadeByKilledRun(ctx: Ctx, entity: BulkImportEntity): Promise<ProjectWithNamespace | null> {
  const run = killedRunSince(ctx, entity)
  if (!run) return null
  const project = await projectByFullPath(run.fullPath)
  return project && project.creatorId === ctx.actor.user.id && project.createdAt.getTime() >= run.since ? project : null
}

export async function failure(
  entity: BulkImportEntity,
  relation: string,
  e: unknown,
  source: { url?: string; title?: string } = {},
) {
  const db = await getDb()
  await db.bulkImportFailure.create({
    data: {
      entityId: entity.id,
      relation,
      exceptionClass:
        e instanceof SourceError ? 'BulkImports::NetworkError' : e instanceof Error ? e.constructor.name : 'Error',
      exceptionMessage: (e instanceof Error ? e.message : String(e)).slice(0, 255),
      correlationIdValue: randomUUID(),
      sourceUrl: source.url ?? null,
      sourceTitle: source.title ?? null,
    },
  })
  await db.bulkImport.update({ where: { id: entity.bulkImportId }, data: { hasFailures: true } })
}
