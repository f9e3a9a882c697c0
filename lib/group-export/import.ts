// Group import from GitLab's NDJSON export archive (GitLab's Groups::ImportExport::ImportService):
// POST /groups/import checks the archive, creates the top group as the request asks and queues
// `group_import`, which recreates the subgroups (parents first, visibility capped by the parent)
// and the members it can match by username. A failure removes everything the import made.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import type { Namespace } from '../db'
import { createGroup, deleteGroup } from '../groups/service'
import { addMembers } from '../members/service'
import { findSource } from '../members/source'
import { enqueue } from '../queue/store'
import { defineTask } from '../queue/tasks'
import { ALL_GROUPS, inspectArchive } from './inspect'
import { archiveLimits, readArchive, readJsonFile, readNdjsonFile } from './extract'
import { userByEmail, userById, userByUsername } from '../users/find'
import { namespaceRow } from '../groups/namespaces'

const VISIBILITY = ['private', 'internal', 'public'] as const
const visibilityOf = (level: unknown) => (level === 20 ? 'public' : level === 10 ? 'internal' : 'private')
const capped = (wanted: string, parent: string) =>
  VISIBILITY.indexOf(wanted as (typeof VISIBILITY)[number]) > VISIBILITY.indexOf(parent as (typeof VISIBILITY)[number]) ? parent : wanted

export interface ImportRequest {
  name: string
  path: string
  parentId?: number
  bytes: Uint8Array
}

export async function startGroupImport(actor: Actor, req: ImportRequest): Promise<Namespace> {
  await inspectArchive(req.bytes, await archiveLimits())
  const group = await createGroup(actor, { name: req.name, path: req.path, parent_id: req.parentId })
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await tx.groupImportUpload.create({ data: { groupId: group.id, data: new Uint8Array(req.bytes), userId: actor.user.id } })
    await enqueue('group_import', { groupId: group.id, userId: actor.user.id }, { createdById: actor.user.id }, tx)
  })
  return group
}

async function readLines(file: string): Promise<Record<string, unknown>[]> {
  return (await readNdjsonFile(file)).filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
}

defineTask({
  kind: 'group_import',
  payload: z.object({ groupId: z.number(), userId: z.number() }),
  concurrencyKey: (p) => `group_import:${p.groupId}`,
  maxAttempts: 1,
  run: async ({ payload, checkpoint }) => {
    const db = await getDb()
    const [upload, user, root] = await Promise.all([
      db.groupImportUpload.findUnique({ where: { groupId: payload.groupId } }),
      userById(payload.userId),
      namespaceRow(payload.groupId),
    ])
    if (!upload || !user || !root) return { skipped: 'gone' }
    const actor: Actor = { user: publicUser(user), token: null, via: 'internal' }
    const dir = await mkdtemp(join(tmpdir(), 'group-import-'))
    try {
      // Extracted under the same limits as the upload's check, read again now (they may have changed).
      const { Unpack } = await import('tar')
      const unpack = new Unpack({ cwd: dir, strict: true, filter: (p, e) => !('type' in e) || e.type === 'File' || e.type === 'Directory' || e.type === 'OldFile' })
      await readArchive(upload.data, unpack, await archiveLimits())
      const tree = join(dir, 'tree', 'groups')
      const ids = (await readNdjsonFile(join(dir, ALL_GROUPS))).map(Number)
      const made = new Map<number, Namespace>()
      let members = 0
      for (const [i, oldId] of ids.entries()) {
        const attrs = ((await readJsonFile(join(tree, `${oldId}.json`))) ?? {}) as Record<string, unknown>
        let group: Namespace
        if (i === 0)
          group = root // the request named and placed the top group
        else {
          const parent = made.get(Number(attrs.parent_id)) ?? root
          group = await createGroup(actor, {
            name: String(attrs.name),
            path: String(attrs.path),
            parent_id: parent.id,
            description: typeof attrs.description === 'string' ? attrs.description : undefined,
            visibility: capped(visibilityOf(attrs.visibility_level), parent.visibility),
          } as Parameters<typeof createGroup>[1])
        }
        made.set(oldId, group)
        const source = await findSource(actor, 'groups', String(group.id))
        for (const m of await readLines(join(tree, String(oldId), 'members.ndjson'))) {
          // GitLab's MembersMapper: the exported public e-mail first, then (this product's own
          // exports, which have no public e-mail) the username.
          const u = (m.user ?? {}) as { username?: unknown; public_email?: unknown }
          const byEmail = typeof u.public_email === 'string' && u.public_email ? await userByEmail(u.public_email) : null
          const found = byEmail ?? (typeof u.username === 'string' ? await userByUsername(u.username) : null)
          if (!found || found.id === actor.user.id) continue
          try {
            await addMembers(actor, source, {
              id: String(group.id),
              user_id: found.id,
              access_level: Number(m.access_level),
              expires_at: typeof m.expires_at === 'string' ? m.expires_at : undefined,
            } as Parameters<typeof addMembers>[2])
            members++
          } catch {
            // A member GitLab would also skip (already a member, level not grantable): not a failure.
          }
        }
        await checkpoint({ done: i + 1, total: ids.length, message: `imported ${group.fullPath}` })
      }
      await db.groupImportUpload.update({ where: { groupId: root.id }, data: { status: 'finished', data: new Uint8Array() } })
      return { groups: ids.length, members }
    } catch (e) {
      // Nothing half-made stays: the top group (made for this import) goes with everything below it.
      await db.groupImportUpload
        .update({ where: { groupId: root.id }, data: { status: 'failed', error: e instanceof Error ? e.message.slice(0, 255) : 'import failed' } })
        .catch(() => {})
      await deleteGroup(actor, root).catch(() => {})
      throw e
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
})
