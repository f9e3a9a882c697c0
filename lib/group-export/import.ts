// Group import from GitLab's NDJSON export archive (GitLab's Groups::ImportExport::ImportService):
// POST /groups/import checks the archive, creates the top group as the request asks and queues
// `group_import`, which applies the archive's attributes to the top group and recreates the
// subgroups (parents first, visibility capped by the parent) and the members it can match. A
// failure removes everything the import made; a killed attempt is taken back by the queue and
// starts over from the archive, and a last attempt killed (or a cancel) queues group_import_undo.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import type { Namespace } from '../db'
import { removeAvatarFile } from '../groups/avatar'
import { deleteNamespaceTreeIn } from '../groups/remove'
import { capVisibility, exceedsVisibility, visibilityOfLevel, type Visibility } from '../groups/schema'
import { authorizeGroupCreation, createGroup } from '../groups/service'
import { updateGroup } from '../groups/update'
import type { GroupChanges } from '../groups/update-schema'
import { MEMBER_LEVELS } from '../auth/access-levels'
import { relationSchemas } from '../bulk-imports/source-schemas'
import { addMembers } from '../members/service'
import { deleteMembershipsExcept } from '../members/rows'
import { findSource } from '../members/source'
import { enqueue } from '../queue/store'
import { defineTask, TaskFailed, TaskLost } from '../queue/tasks'
import { crashPoint } from '../runtime/crash-point'
import { closestAllowedVisibility } from '../settings/visibility'
import { ALL_GROUPS, inspectArchive } from './inspect'
import { archiveLimits, readArchive, readJsonFile, readNdjsonFile, unpackInto } from './extract'
import { userByEmail, userById, userByUsername } from '../users/find'
import { namespaceRow } from '../groups/namespaces'

export interface ImportRequest {
  name: string
  path: string
  parentId?: number
  bytes: Uint8Array
}

export async function startGroupImport(actor: Actor, req: ImportRequest): Promise<Namespace> {
  // group_import.rb: authorize_create_group! before the file is looked at (an unseen parent is a 404
  // whatever the archive holds).
  const parent = await authorizeGroupCreation(actor, req.parentId)
  await inspectArchive(req.bytes, await archiveLimits())
  // GitLab's API (group_import.rb closest_allowed_visibility_level): the group is made with the
  // request's name and path, private at the top level and under a parent at the closest allowed
  // level to the parent's; the task then applies the archive's own attributes (applyAttributes).
  // The group, its upload and its task commit together: no group is left without its import.
  const visibility = capVisibility(parent ? await closestAllowedVisibility(parent.visibility) : 'private')
  return createGroup(
    actor,
    { name: req.name, path: req.path, parent_id: req.parentId, visibility },
    async (tx, group) => {
      await tx.groupImportUpload.create({
        data: { groupId: group.id, data: new Uint8Array(req.bytes), userId: actor.user.id },
      })
      await enqueue('group_import', { groupId: group.id, userId: actor.user.id }, { createdById: actor.user.id }, tx)
    },
  )
}

/**
 * GitLab's Group::TreeRestorer#sub_group_visibility_level: the archive's level, or the closest
 * allowed level to the parent's when the parent's is lower. The top group goes through it too when
 * imported under a parent (where GitLab's own save would otherwise refuse a level above the
 * parent's and fail the import). A non-administrator never lands on a level
 * restricted_visibility_levels keeps for administrators: the closest allowed one below it.
 */
async function importedVisibility(
  actor: Actor,
  attrs: Record<string, unknown>,
  parent: Namespace | null,
): Promise<Visibility> {
  const wanted = visibilityOfLevel(attrs.visibility_level ?? 0)
  const level =
    parent && exceedsVisibility(wanted, parent.visibility) ? await closestAllowedVisibility(parent.visibility) : wanted
  return capVisibility(actor.user.admin ? level : await closestAllowedVisibility(level))
}

// GitLab's integer levels (Gitlab::Access) for the settings this product keeps by name; 3
// (administrator) has no name here and is left at the default.
const PROJECT_CREATION = ['noone', 'maintainer', 'developer'] as const
const SUBGROUP_CREATION = ['owner', 'maintainer'] as const
const BOOLEAN_SETTINGS = [
  'require_two_factor_authentication',
  'request_access_enabled',
  'lfs_enabled',
  'share_with_group_lock',
  'membership_lock',
  'mentions_disabled',
  'emails_disabled',
  'auto_devops_enabled',
] as const

/**
 * The archive's attributes of one group as GitLab's RelationTreeRestorer#update_params! applies
 * them, for the settings this product has. Only these named keys are read: `id`, `name` and
 * `path` (taken from the request for the top group, from creation for the others), every `*_id`
 * and `*_html` key and GitLab's excluded group attributes (owner_id, created_at, updated_at,
 * runners_token, saml_discovery_token, …) never reach the group. A null (GitLab's "inherit")
 * leaves the setting as it is.
 */
function archiveAttributes(
  attrs: Record<string, unknown>,
  settings: Record<string, unknown>,
  topLevel: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (typeof attrs.description === 'string') out.description = attrs.description
  for (const k of BOOLEAN_SETTINGS) if (typeof attrs[k] === 'boolean') out[k] = attrs[k]
  if (Number.isInteger(attrs.two_factor_grace_period)) out.two_factor_grace_period = attrs.two_factor_grace_period
  const project = PROJECT_CREATION[Number(attrs.project_creation_level)]
  if (Number.isInteger(attrs.project_creation_level) && project) out.project_creation_level = project
  const subgroup = SUBGROUP_CREATION[Number(attrs.subgroup_creation_level)]
  if (Number.isInteger(attrs.subgroup_creation_level) && subgroup) out.subgroup_creation_level = subgroup
  if (
    Number.isInteger(attrs.default_branch_protection) &&
    Number(attrs.default_branch_protection) >= 0 &&
    Number(attrs.default_branch_protection) <= 4
  )
    out.default_branch_protection = attrs.default_branch_protection
  // namespace_settings (a relation of the tree): its one exported attribute is a top-level setting.
  if (topLevel && typeof settings.prevent_sharing_groups_outside_hierarchy === 'boolean')
    out.prevent_sharing_groups_outside_hierarchy = settings.prevent_sharing_groups_outside_hierarchy
  return out
}

/** Applies a group's archive attributes through the groups service (its checks apply: a refused value fails the import, as GitLab's save! does). */
async function applyAttributes(
  actor: Actor,
  group: Namespace,
  tree: string,
  oldId: number,
  attrs: Record<string, unknown>,
  visibility?: string,
): Promise<Namespace> {
  const [settings] = await readLines(join(tree, String(oldId), 'namespace_settings.ndjson'))
  const changes = {
    ...archiveAttributes(attrs, settings ?? {}, group.parentId === null),
    ...(visibility ? { visibility } : {}),
  }
  return updateGroup(actor, String(group.id), changes as GroupChanges)
}

/**
 * Undoes an import for good, in one transaction: the top group (made for this import) with
 * everything below it, and the upload marked failed with the reason, its archive dropped.
 */
async function undoImport(groupId: number, reason: string): Promise<void> {
  const db = await getDb()
  const root = await namespaceRow(groupId)
  const avatars = await db.$transaction(async (tx) => {
    await tx.groupImportUpload.updateMany({
      where: { groupId },
      data: { status: 'failed', error: reason.slice(0, 255), data: new Uint8Array() },
    })
    return root ? deleteNamespaceTreeIn(tx, root) : []
  })
  for (const a of avatars) await removeAvatarFile(a)
}

/**
 * What an earlier attempt of this import left (it was killed, or its process stopped): every group
 * below the top group and every member of it but the importer go, in one transaction, and the
 * import starts again from the archive. Everything there is the import's: the top group was made
 * for it and it is still running.
 */
async function startOver(root: Namespace, importerId: number): Promise<void> {
  const db = await getDb()
  const avatars = await db.$transaction(async (tx) => {
    const below = await deleteNamespaceTreeIn(tx, root, { keepRoot: true })
    await deleteMembershipsExcept(tx, 'Namespace', root.id, importerId)
    return below
  })
  for (const a of avatars) await removeAvatarFile(a)
}

async function readLines(file: string): Promise<Record<string, unknown>[]> {
  return (await readNdjsonFile(file)).filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
}

/** Matches the archive's members of one group by e-mail or username and adds them (GitLab's MembersMapper). */
async function importMembers(actor: Actor, group: Namespace, file: string): Promise<number> {
  const source = await findSource(actor, 'groups', String(group.id))
  let added = 0
  for (const record of await readLines(file)) {
    // The archive's member record as GitLab writes it, parsed as direct transfer parses the same
    // record: one that does not parse, or names a level that does not exist here, is skipped.
    const parsed = relationSchemas.members.safeParse(record)
    if (!parsed.success) continue
    const m = parsed.data
    const accessLevel = MEMBER_LEVELS.find((l) => l === m.access_level)
    if (accessLevel === undefined) continue
    // The exported public e-mail first, then (this product's own exports, which have no public
    // e-mail) the username.
    const byEmail = m.user?.public_email ? await userByEmail(m.user.public_email) : null
    const found = byEmail ?? (m.user?.username ? await userByUsername(m.user.username) : null)
    if (!found || found.id === actor.user.id) continue
    try {
      await addMembers(actor, source, { user_id: found.id, access_level: accessLevel, expires_at: m.expires_at })
      added++
    } catch {
      // A member GitLab would also skip (already a member, level not grantable): not a failure.
    }
  }
  return added
}

/** The top group as imported (its attributes applied), where a group whose parent is not in the archive goes. */
const group0 = (made: Map<number, Namespace>, root: Namespace) => made.values().next().value ?? root

const importPayload = z.object({ groupId: z.number(), userId: z.number() })

defineTask({
  kind: 'group_import',
  payload: importPayload,
  concurrencyKey: (p) => `group_import:${p.groupId}`,
  // A killed worker's import is taken back by another process (QUEUE_ABANDON_AFTER_MS) and starts
  // over from the archive (startOver); a failure the archive causes fails at once (TaskFailed).
  maxAttempts: 3,
  // Killed on its last attempt, or canceled: group_import_undo removes what it made.
  onGiveUp: (p, how) => ({
    kind: 'group_import_undo',
    payload: {
      groupId: p.groupId,
      reason:
        how === 'canceled' ? 'The import was canceled' : 'The import was interrupted: its worker stopped responding',
    },
  }),
  run: async ({ task, payload, signal, checkpoint }) => {
    const db = await getDb()
    const [upload, user, root] = await Promise.all([
      db.groupImportUpload.findUnique({ where: { groupId: payload.groupId }, select: { status: true, data: true } }),
      userById(payload.userId),
      namespaceRow(payload.groupId),
    ])
    if (!upload || !user || !root) return { skipped: 'gone' }
    // Finished (or failed) by an attempt that was killed before the queue heard of it.
    if (upload.status !== 'started') return { skipped: upload.status }
    const actor: Actor = { user: publicUser(user), token: null, via: 'internal' }
    if (task.attempts > 1) await startOver(root, user.id)
    const dir = await mkdtemp(join(tmpdir(), 'group-import-'))
    // Stopping (the process shuts down): the worker gives the task back and its next holder starts over.
    const going = () => {
      if (signal.aborted) throw signal.reason
    }
    try {
      // Extracted under the same limits as the upload's check, read again now (they may have changed).
      await readArchive(upload.data, await unpackInto(dir), await archiveLimits())
      const tree = join(dir, 'tree', 'groups')
      const ids = (await readNdjsonFile(join(dir, ALL_GROUPS))).map(Number)
      const made = new Map<number, Namespace>()
      let members = 0
      for (const [i, oldId] of ids.entries()) {
        going()
        const attrs = ((await readJsonFile(join(tree, `${oldId}.json`))) ?? {}) as Record<string, unknown>
        let group: Namespace
        if (i === 0) {
          // The request named and placed the top group; the archive gives the rest (GitLab's process_root).
          const parent = root.parentId !== null ? await namespaceRow(root.parentId) : null
          group = await applyAttributes(actor, root, tree, oldId, attrs, await importedVisibility(actor, attrs, parent))
          crashPoint('group-import:after-top-group', task.attempts)
        } else {
          const parent = made.get(Number(attrs.parent_id)) ?? group0(made, root)
          const created = await createGroup(actor, {
            name: String(attrs.name),
            path: String(attrs.path),
            parent_id: parent.id,
            visibility: await importedVisibility(actor, attrs, parent),
          })
          group = await applyAttributes(actor, created, tree, oldId, attrs)
        }
        made.set(oldId, group)
        members += await importMembers(actor, group, join(tree, String(oldId), 'members.ndjson'))
        await checkpoint({ done: i + 1, total: ids.length, message: `imported ${group.fullPath}` })
        crashPoint(`group-import:after-group-${i + 1}`, task.attempts)
      }
      await db.groupImportUpload.update({
        where: { groupId: root.id },
        data: { status: 'finished', data: new Uint8Array() },
      })
      return { groups: ids.length, members }
    } catch (e) {
      // Canceled (group_import_undo follows), taken over or stopping (the next holder starts over):
      // what was made is not this run's to remove.
      if (e instanceof TaskLost || signal.aborted) throw e
      // Nothing half-made stays: the top group (made for this import) goes with everything below it.
      const reason = e instanceof Error ? e.message : 'import failed'
      await undoImport(root.id, reason)
      throw new TaskFailed(reason)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
})

defineTask({
  kind: 'group_import_undo',
  payload: z.object({ groupId: z.number(), reason: z.string() }),
  // The import's own key: never beside an attempt of the import it undoes.
  concurrencyKey: (p) => `group_import:${p.groupId}`,
  run: async ({ payload }) => {
    const upload = await (
      await getDb()
    ).groupImportUpload.findUnique({ where: { groupId: payload.groupId }, select: { status: true } })
    // Finished before its worker died: the import is whole, nothing to undo.
    if (!upload || upload.status !== 'started') return { skipped: upload?.status ?? 'gone' }
    await undoImport(payload.groupId, payload.reason)
    return { undone: payload.groupId }
  },
})
