// Relation exports for direct transfer (GitLab's BulkImports::ExportService): POST marks every
// relation started and queues one task per portable (one at a time per group/project: a
// concurrency key); the task writes each relation's gzipped file and its status. Statuses use
// GitLab's numbers: -2 pending, 0 started, 1 finished, -1 failed.
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import type { RelationExport } from '../db'
import { defineTask } from '../queue/tasks'
import { enqueue } from '../queue/store'
import { relationsOf, type Portable } from './relations'
import { userById } from '../users/find'
import { namespaceRow } from '../groups/namespaces'
import { projectRow } from '../projects/find'
import { crashPoint } from '../runtime/crash-point'

export const STARTED = 0
export const FINISHED = 1
export const FAILED = -1

const portableKey = (p: Portable) =>
  p.type === 'Group'
    ? { portableType: 'Group', portableId: p.group.id }
    : { portableType: 'Project', portableId: p.project.id }

export async function startExport(p: Portable, actor: Actor, batched: boolean): Promise<void> {
  const db = await getDb()
  const key = portableKey(p)
  await db.$transaction(async (tx) => {
    for (const relation of Object.keys(relationsOf(p.type))) {
      await tx.relationExport.upsert({
        where: { portableType_portableId_relation: { ...key, relation } },
        create: { ...key, relation, status: STARTED, batched, userId: actor.user.id },
        update: { status: STARTED, error: null, batched, data: null, totalObjectsCount: 0, userId: actor.user.id },
      })
    }
    await enqueue('relations_export', { ...key, userId: actor.user.id }, { createdById: actor.user.id }, tx)
  })
}

export async function exportStatuses(p: Portable, relation?: string): Promise<RelationExport[]> {
  const db = await getDb()
  return db.relationExport.findMany({
    where: { ...portableKey(p), ...(relation ? { relation } : {}) },
    orderBy: { id: 'asc' },
  })
}

export async function finishedExport(p: Portable, relation: string): Promise<RelationExport | null> {
  const db = await getDb()
  const row = await db.relationExport.findUnique({
    where: { portableType_portableId_relation: { ...portableKey(p), relation } },
  })
  return row && row.status === FINISHED && row.data ? row : null
}

export const fileNameOf = (relation: string) => (relation === 'self' ? 'self.json.gz' : `${relation}.ndjson.gz`)

defineTask({
  kind: 'relations_export',
  payload: z.object({ portableType: z.enum(['Group', 'Project']), portableId: z.number(), userId: z.number() }),
  concurrencyKey: (p) => `relations_export:${p.portableType}:${p.portableId}`,
  maxAttempts: 3,
  run: async ({ task, payload, checkpoint }) => {
    const db = await getDb()
    const user = await userById(payload.userId)
    const portable: Portable | null =
      payload.portableType === 'Group'
        ? await namespaceRow(payload.portableId).then((group) => (group ? { type: 'Group' as const, group } : null))
        : await projectRow(payload.portableId).then((project) =>
            project ? { type: 'Project' as const, project } : null,
          )
    if (!portable || !user) return { skipped: 'gone' }
    const actor: Actor = { user: publicUser(user), token: null, via: 'internal' }
    const relations = Object.entries(relationsOf(portable.type))
    let done = 0
    for (const [relation, read] of relations) {
      const where = {
        portableType_portableId_relation: {
          portableType: payload.portableType,
          portableId: payload.portableId,
          relation,
        },
      }
      try {
        const records: Record<string, unknown>[] = []
        for await (const r of read(portable, actor)) records.push(r)
        const text =
          relation === 'self' ? JSON.stringify(records[0] ?? {}) : records.map((r) => `${JSON.stringify(r)}\n`).join('')
        await db.relationExport.update({
          where,
          data: { status: FINISHED, data: gzipSync(Buffer.from(text)), totalObjectsCount: records.length, error: null },
        })
      } catch (e) {
        await db.relationExport.update({
          where,
          data: { status: FAILED, error: e instanceof Error ? e.message.slice(0, 255) : 'export failed' },
        })
      }
      await checkpoint({ done: ++done, total: relations.length, message: `exported ${relation}` })
      crashPoint(`relations_export:after-relation-${done}`, task.attempts)
    }
    return { relations: relations.length }
  },
})
