// Group export (GitLab's Groups::ImportExport::ExportService): POST queues a task that builds the
// archive of the group and its subgroups; download serves it once finished.
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import type { GroupExportArchive, Namespace } from '../db'
import { groupTree } from '../groups/service'
import { enqueue } from '../queue/store'
import { defineTask } from '../queue/tasks'
import { buildGroupArchive } from './archive'
import { userById } from '../users/find'
import { namespaceRow } from '../groups/namespaces'
import { crashPoint } from '../runtime/crash-point'

export async function startGroupExport(group: Namespace, actor: Actor): Promise<void> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await tx.groupExportArchive.upsert({
      where: { groupId: group.id },
      create: { groupId: group.id, status: 'started', userId: actor.user.id },
      update: { status: 'started', data: null, fileName: null, error: null, userId: actor.user.id },
    })
    await enqueue('group_export', { groupId: group.id, userId: actor.user.id }, { createdById: actor.user.id }, tx)
  })
}

export async function groupExportState(groupId: number): Promise<GroupExportArchive | null> {
  const db = await getDb()
  return db.groupExportArchive.findUnique({ where: { groupId } })
}

defineTask({
  kind: 'group_export',
  payload: z.object({ groupId: z.number(), userId: z.number() }),
  concurrencyKey: (p) => `group_export:${p.groupId}`,
  maxAttempts: 3,
  run: async ({ task, payload, checkpoint }) => {
    const db = await getDb()
    const [group, user] = await Promise.all([namespaceRow(payload.groupId), userById(payload.userId)])
    if (!group || !user) return { skipped: 'gone' }
    const tree = await groupTree(group)
    await checkpoint({ done: 0, total: tree.length, message: `exporting ${tree.length} groups` })
    try {
      const data = await buildGroupArchive(tree, { user: publicUser(user), token: null, via: 'internal' }, (written) =>
        crashPoint(`group_export:after-group-${written}`, task.attempts),
      )
      // GitLab's name: <%Y-%m-%d_%H-%M-%3N>_<full path with _>_export.tar.gz
      const t = new Date().toISOString()
      const fileName = `${t.slice(0, 10)}_${t.slice(11, 13)}-${t.slice(14, 16)}-${t.slice(20, 23)}_${group.fullPath.replace(/\//g, '_')}_export.tar.gz`
      await db.groupExportArchive.update({
        where: { groupId: group.id },
        data: { status: 'finished', data: new Uint8Array(data), fileName },
      })
      await checkpoint({ done: tree.length, total: tree.length, message: 'archive ready' })
      return { groups: tree.length, bytes: data.length }
    } catch (e) {
      await db.groupExportArchive.update({
        where: { groupId: group.id },
        data: { status: 'failed', error: e instanceof Error ? e.message.slice(0, 255) : 'export failed' },
      })
      throw e
    }
  },
})
