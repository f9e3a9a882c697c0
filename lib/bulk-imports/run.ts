// Running a migration (GitLab's BulkImportWorker and its pipelines), as one queue task: each
// entity is created here from the source's GraphQL attributes, then its relations are exported on
// the source (export_relations), polled and downloaded. Subgroups and projects found at the source
// become entities of the same migration. A failed relation becomes a failure record and the rest
// goes on; a failed entity does not stop the others; cancel stops at the next step; a restart
// resumes with the entities not yet finished.
import { z } from 'zod'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import { defineTask } from '../queue/tasks'
import { crashPoint } from '../runtime/crash-point'
import { userById } from '../users/find'
import { SourceClient } from './client'
import { Canceled, type Ctx, failure } from './run-context'
import { runGroup } from './run-group'
import { runProject } from './run-project'
import { STATUS, tokenOf } from './service'

const appliedSchema = z.record(z.string(), z.tuple([z.number().int(), z.number().int()]))
const creatingSchema = z.record(z.string(), z.number().int())

defineTask({
  kind: 'bulk_import',
  payload: z.object({ bulkImportId: z.number() }),
  concurrencyKey: (p) => `bulk_import:${p.bulkImportId}`,
  maxAttempts: 3,
  run: async ({ task, payload, progress, checkpoint }) => {
    const db = await getDb()
    const migration = await db.bulkImport.findUnique({ where: { id: payload.bulkImportId } })
    if (!migration || migration.status === STATUS.canceled || migration.status === STATUS.finished)
      return { skipped: migration?.status }
    const user = await userById(migration.userId)
    if (!user) return { skipped: 'user gone' }
    // What the console shows of the task: the last entity done (the applied records ride along).
    let shown: { done?: number; message?: string } = { done: progress.done, message: progress.message }
    const save = () => checkpoint({ ...shown, applied: ctx.applied, creating: ctx.creating })
    const ctx: Ctx = {
      migration,
      client: new SourceClient(migration.sourceUrl, tokenOf(migration)),
      actor: { user: publicUser(user), token: null, via: 'internal' },
      checkCanceled: async () => {
        const row = await db.bulkImport.findUnique({ where: { id: migration.id }, select: { status: true } })
        if (row?.status === STATUS.canceled) throw new Canceled()
      },
      attempt: task.attempts,
      applied: appliedSchema.catch({}).parse(progress.applied),
      recordApplied: async (key, done, imported) => {
        ctx.applied[key] = [done, imported]
        await save()
      },
      creating: creatingSchema.catch({}).parse(progress.creating),
      recordCreating: async (entityId) => {
        ctx.creating[String(entityId)] = Date.now()
        await save()
      },
    }
    await db.bulkImport.update({ where: { id: migration.id }, data: { status: STATUS.started } })
    let done = 0
    try {
      for (;;) {
        await ctx.checkCanceled()
        const entity = await db.bulkImportEntity.findFirst({
          where: { bulkImportId: migration.id, status: { in: [STATUS.created, STATUS.started] } },
          orderBy: { id: 'asc' },
        })
        if (!entity) break
        await db.bulkImportEntity.update({ where: { id: entity.id }, data: { status: STATUS.started } })
        let status: number = STATUS.finished
        try {
          if (entity.sourceType === 'group_entity') await runGroup(ctx, entity)
          else await runProject(ctx, entity)
        } catch (e) {
          if (e instanceof Canceled) throw e
          status = STATUS.failed
          await failure(entity, entity.sourceType === 'group_entity' ? 'group' : 'project', e)
        }
        await db.bulkImportEntity.updateMany({ where: { id: entity.id, status: STATUS.started }, data: { status } })
        shown = {
          done: ++done,
          message: `${entity.sourceFullPath}: ${status === STATUS.finished ? 'finished' : 'failed'}`,
        }
        await save()
        crashPoint(`bulk_import:after-entity-${done}`, ctx.attempt)
      }
    } catch (e) {
      if (e instanceof Canceled) return { canceled: true }
      throw e
    }
    const failed = await db.bulkImportEntity.count({ where: { bulkImportId: migration.id, status: STATUS.failed } })
    const total = await db.bulkImportEntity.count({ where: { bulkImportId: migration.id } })
    await db.bulkImport.updateMany({
      where: { id: migration.id, status: STATUS.started },
      data: { status: failed === total && total > 0 ? STATUS.failed : STATUS.finished },
    })
    return { entities: total, failed }
  },
})
