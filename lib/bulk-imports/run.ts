// Running a migration (GitLab's BulkImportWorker and its pipelines), as one queue task: each
// entity is created here from the source's GraphQL attributes, then its relations are exported on
// the source (export_relations), polled and downloaded. Subgroups and projects found at the source
// become entities of the same migration. A failed relation becomes a failure record and the rest
// goes on; a failed entity does not stop the others; cancel stops at the next step; a restart
// resumes with the entities not yet finished.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { getDb } from '../db'
import type { BulkImport, BulkImportEntity, Namespace } from '../db'
import { loadGroup } from '../groups/find'
import { createGroup } from '../groups/service'
import { updateGroup } from '../groups/update'
import { PROJECT_CREATION_LEVELS, SUBGROUP_CREATION_LEVELS } from '../groups/update-schema'
import { commitFiles, readFileAtRef } from '../repository-files/service'
import { addMembers } from '../members/service'
import { findSource } from '../members/source'
import { createSchedule } from '../pipeline-schedules/service'
import { createProject } from '../projects/service'
import type { ProjectWithNamespace } from '../projects/entity'
import { protect } from '../protected-branches/service'
import { createSnippet } from '../snippets/service'
import { defineTask } from '../queue/tasks'
import { SourceClient, SourceError } from './client'
import { exportedRelations } from './source-relations'
import { STATUS, tokenOf } from './service'
import { userByEmail, userById, userByUsername } from '../users/find'
import { projectRow } from '../projects/find'

const VISIBILITY = ['private', 'internal', 'public']
const capped = (wanted: string, parent: string | null) => (parent && VISIBILITY.indexOf(wanted) > VISIBILITY.indexOf(parent) ? parent : wanted)
/** A field of an exported relation as text: '' when absent, JSON for a structure (not "[object Object]"). */
const textOf = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v))

const GROUP_QUERY = `query($full_path: ID!) { group(fullPath: $full_path) { name path full_path: fullPath description visibility
  project_creation_level: projectCreationLevel subgroup_creation_level: subgroupCreationLevel
  require_two_factor_authentication: requireTwoFactorAuthentication two_factor_grace_period: twoFactorGracePeriod } }`
const PROJECTS_QUERY = `query($full_path: ID!, $cursor: String, $per_page: Int) {
  group(fullPath: $full_path) { projects(includeSubgroups: false, first: $per_page, after: $cursor) {
    page_info: pageInfo { next_page: endCursor has_next_page: hasNextPage } nodes { id name path full_path: fullPath } } } }`
const PROJECT_QUERY = `query($full_path: ID!) { project(fullPath: $full_path) { name path description visibility } }`

class Canceled extends Error {}

interface Ctx {
  migration: BulkImport
  client: SourceClient
  actor: Actor
  checkCanceled: () => Promise<void>
}

async function failure(entity: BulkImportEntity, relation: string, e: unknown, source: { url?: string; title?: string } = {}) {
  const db = await getDb()
  await db.bulkImportFailure.create({
    data: {
      entityId: entity.id,
      relation,
      exceptionClass: e instanceof SourceError ? 'BulkImports::NetworkError' : e instanceof Error ? e.constructor.name : 'Error',
      exceptionMessage: (e instanceof Error ? e.message : String(e)).slice(0, 255),
      correlationIdValue: randomUUID(),
      sourceUrl: source.url ?? null,
      sourceTitle: source.title ?? null,
    },
  })
  await db.bulkImport.update({ where: { id: entity.bulkImportId }, data: { hasFailures: true } })
}

async function importMembers(ctx: Ctx, entity: BulkImportEntity, kind: 'groups' | 'projects', id: number, rows: Record<string, unknown>[]) {
  const source = await findSource(ctx.actor, kind, String(id))
  let imported = 0
  for (const m of rows) {
    const u = (m.user ?? {}) as { username?: unknown; public_email?: unknown }
    const byEmail = typeof u.public_email === 'string' && u.public_email ? await userByEmail(u.public_email) : null
    const user = byEmail ?? (typeof u.username === 'string' ? await userByUsername(u.username) : null)
    if (!user || user.id === ctx.actor.user.id) continue
    try {
      await addMembers(ctx.actor, source, {
        id: String(id),
        user_id: user.id,
        access_level: Number(m.access_level),
        expires_at: typeof m.expires_at === 'string' ? m.expires_at : undefined,
      } as Parameters<typeof addMembers>[2])
      imported++
    } catch (e) {
      await failure(entity, 'members', e, { title: textOf(u.username) })
    }
  }
  return { source: rows.length, fetched: rows.length, imported }
}

interface SourceGroup {
  name: string
  path: string
  description: string | null
  visibility: string
  project_creation_level?: string | null
  subgroup_creation_level?: string | null
  require_two_factor_authentication?: boolean | null
  two_factor_grace_period?: number | null
}

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined => ((values as readonly unknown[]).includes(v) ? (v as T) : undefined)

/** The source group's settings GitLab's GroupAttributesTransformer carries over; values we do not know (a newer GitLab's "administrator") keep our default. */
async function applyGroupSettings(ctx: Ctx, group: Namespace, source: SourceGroup) {
  const changes = {
    project_creation_level: oneOf(PROJECT_CREATION_LEVELS, source.project_creation_level),
    subgroup_creation_level: oneOf(SUBGROUP_CREATION_LEVELS, source.subgroup_creation_level),
    require_two_factor_authentication: typeof source.require_two_factor_authentication === 'boolean' ? source.require_two_factor_authentication : undefined,
    two_factor_grace_period: typeof source.two_factor_grace_period === 'number' ? source.two_factor_grace_period : undefined,
  }
  if (Object.values(changes).some((v) => v !== undefined)) await updateGroup(ctx.actor, String(group.id), { id: String(group.id), ...changes })
}

async function runGroup(ctx: Ctx, entity: BulkImportEntity): Promise<void> {
  const db = await getDb()
  const data = await ctx.client.graphql<{ group: SourceGroup | null }>(GROUP_QUERY, { full_path: entity.sourceFullPath })
  if (!data.group) throw new SourceError(`Group '${entity.sourceFullPath}' not found at the source`)
  const parent = entity.destinationNamespace ? await loadGroup(entity.destinationNamespace) : null
  let group: Namespace | null = entity.namespaceId ? await loadGroup(String(entity.namespaceId)) : null
  if (!group) {
    group = await createGroup(ctx.actor, {
      name: entity.destinationName ?? data.group.name,
      path: entity.destinationSlug,
      parent_id: parent?.id,
      description: data.group.description ?? '',
      visibility: capped(data.group.visibility, parent?.visibility ?? null),
    } as Parameters<typeof createGroup>[1])
    await db.bulkImportEntity.update({ where: { id: entity.id }, data: { namespaceId: group.id } })
  }
  const stats: Record<string, unknown> = {}
  try {
    await applyGroupSettings(ctx, group, data.group)
  } catch (e) {
    await failure(entity, 'group_settings', e)
  }
  if (entity.migrateMemberships) {
    try {
      const relations = await exportedRelations(ctx, 'groups', entity.sourceFullPath, ['members'])
      stats.members = await importMembers(ctx, entity, 'groups', group.id, relations.get('members') ?? [])
    } catch (e) {
      if (e instanceof Canceled) throw e
      await failure(entity, 'members', e)
    }
  }
  // Subgroups and projects of the source group become entities of this migration (once).
  const existing = await db.bulkImportEntity.findMany({ where: { bulkImportId: entity.bulkImportId, parentId: entity.id }, select: { sourceFullPath: true } })
  const known = new Set(existing.map((e) => e.sourceFullPath))
  try {
    const subgroups = await ctx.client.all<{ full_path: string; path: string }>(`/groups/${encodeURIComponent(entity.sourceFullPath)}/subgroups`)
    for (const s of subgroups.filter((s) => !known.has(s.full_path)))
      await db.bulkImportEntity.create({
        data: {
          bulkImportId: entity.bulkImportId,
          parentId: entity.id,
          sourceType: 'group_entity',
          sourceFullPath: s.full_path,
          destinationSlug: s.path,
          destinationNamespace: group.fullPath,
          migrateProjects: entity.migrateProjects,
          migrateMemberships: entity.migrateMemberships,
        },
      })
    stats.subgroups = { source: subgroups.length, fetched: subgroups.length, imported: subgroups.length }
  } catch (e) {
    await failure(entity, 'subgroups', e)
  }
  if (entity.migrateProjects) {
    try {
      let cursor: string | null = null
      let count = 0
      for (let guard = 0; guard < 1000; guard++) {
        const page: { group: { projects: { page_info: { next_page: string | null; has_next_page: boolean }; nodes: { path: string; full_path: string }[] } } | null } =
          await ctx.client.graphql(PROJECTS_QUERY, { full_path: entity.sourceFullPath, cursor, per_page: 30 })
        for (const p of page.group?.projects.nodes ?? []) {
          count++
          if (!known.has(p.full_path))
            await db.bulkImportEntity.create({
              data: {
                bulkImportId: entity.bulkImportId,
                parentId: entity.id,
                sourceType: 'project_entity',
                sourceFullPath: p.full_path,
                destinationSlug: p.path,
                destinationNamespace: group.fullPath,
                migrateMemberships: entity.migrateMemberships,
              },
            })
        }
        if (!page.group?.projects.page_info.has_next_page) break
        cursor = page.group.projects.page_info.next_page
      }
      stats.projects = { source: count, fetched: count, imported: count }
    } catch (e) {
      await failure(entity, 'projects', e)
    }
  }
  await db.bulkImportEntity.update({ where: { id: entity.id }, data: { stats: JSON.stringify(stats) } })
}

const CI_CONFIG_PATH = '.gitlab-ci.yml'

/**
 * The project's CI configuration, read through the files API at the source's default branch (GitLab
 * or ours: neither sends it as a relation) and committed on the destination's default branch.
 */
async function importCiConfig(ctx: Ctx, entity: BulkImportEntity, project: ProjectWithNamespace) {
  try {
    const file = await ctx.client.download(`/projects/${encodeURIComponent(entity.sourceFullPath)}/repository/files/${encodeURIComponent(CI_CONFIG_PATH)}/raw`, {})
    if (file.status === 404) return { source: 0, fetched: 0, imported: 0 }
    if (file.status !== 200) throw new SourceError(`The source answered ${file.status} to the CI configuration read`, file.status)
    const existing = await readFileAtRef(project.id, project.defaultBranch, CI_CONFIG_PATH)
    if (!existing || !existing.content.equals(file.bytes))
      await commitFiles(ctx.actor, project, {
        branch: project.defaultBranch,
        message: 'Import CI/CD configuration',
        actions: [{ action: existing ? 'update' : 'create', path: CI_CONFIG_PATH, content: file.bytes }],
      })
    return { source: 1, fetched: 1, imported: 1 }
  } catch (e) {
    await failure(entity, 'ci_config', e, { title: CI_CONFIG_PATH })
    return { source: 1, fetched: 0, imported: 0 }
  }
}

async function runProject(ctx: Ctx, entity: BulkImportEntity): Promise<void> {
  const db = await getDb()
  const data = await ctx.client.graphql<{ project: { name: string; path: string; description: string | null; visibility: string } | null }>(PROJECT_QUERY, {
    full_path: entity.sourceFullPath,
  })
  if (!data.project) throw new SourceError(`Project '${entity.sourceFullPath}' not found at the source`)
  const parent = await loadGroup(entity.destinationNamespace)
  if (!parent) throw new Error(`Destination namespace '${entity.destinationNamespace}' is gone`)
  let project: ProjectWithNamespace | null = entity.projectId ? await projectRow(entity.projectId) : null
  if (!project) {
    project = await createProject(ctx.actor, {
      name: entity.destinationName ?? data.project.name,
      path: entity.destinationSlug,
      namespace_id: parent.id,
      description: data.project.description ?? undefined,
      visibility: capped(data.project.visibility, parent.visibility) as 'private',
      initialize_with_readme: true,
    })
    await db.bulkImportEntity.update({ where: { id: entity.id }, data: { projectId: project.id } })
  }
  const wanted = ['protected_branches', 'pipeline_schedules', 'snippets', ...(entity.migrateMemberships ? ['members'] : [])]
  const stats: Record<string, unknown> = {}
  let relations: Map<string, Record<string, unknown>[]>
  try {
    relations = await exportedRelations(ctx, 'projects', entity.sourceFullPath, wanted)
  } catch (e) {
    if (e instanceof Canceled) throw e
    await failure(entity, 'export_relations', e)
    return
  }
  const each = async (relation: string, apply: (r: Record<string, unknown>) => Promise<void>) => {
    const rows = relations.get(relation) ?? []
    let imported = 0
    for (const r of rows) {
      try {
        await apply(r)
        imported++
      } catch (e) {
        await failure(entity, relation, e, { title: textOf(r.name ?? r.title ?? r.description) })
      }
    }
    stats[relation] = { source: rows.length, fetched: rows.length, imported }
  }
  const p = project
  stats.ci_config = await importCiConfig(ctx, entity, p)
  const level = (list: unknown) =>
    Array.isArray(list) && list[0] && typeof (list[0] as { access_level?: unknown }).access_level === 'number'
      ? ((list[0] as { access_level: number }).access_level as 0 | 30 | 40 | 60)
      : undefined
  await each('protected_branches', async (r) => {
    await protect(ctx.actor, p, {
      id: String(p.id),
      name: String(r.name),
      push_access_level: level(r.push_access_levels),
      merge_access_level: level(r.merge_access_levels),
      allow_force_push: !!r.allow_force_push,
    })
  })
  // Schedules arrive owned by the importer and inactive, as GitLab does.
  await each('pipeline_schedules', async (r) => {
    await createSchedule(ctx.actor, p, {
      id: String(p.id),
      description: String(r.description),
      ref: String(r.ref),
      cron: String(r.cron),
      cron_timezone: typeof r.cron_timezone === 'string' ? r.cron_timezone : undefined,
      active: false,
    })
  })
  await each('snippets', async (r) => {
    const files = Array.isArray(r.files)
      ? (r.files as { path: string; content: string }[]).map((f) => ({ file_path: f.path, content: f.content }))
      : [{ file_path: textOf(r.file_name ?? 'snippet.txt'), content: textOf(r.content) }]
    const visibility = r.visibility_level === 20 ? 'public' : r.visibility_level === 10 ? 'internal' : 'private'
    await createSnippet(
      ctx.actor,
      p,
      {
        id: String(p.id),
        title: String(r.title),
        description: typeof r.description === 'string' ? r.description : undefined,
        visibility: capped(visibility, p.visibility) as 'private',
        files,
      },
      { userAgent: 'direct-transfer', ip: null },
    )
  })
  if (entity.migrateMemberships) stats.members = await importMembers(ctx, entity, 'projects', p.id, relations.get('members') ?? [])
  await db.bulkImportEntity.update({ where: { id: entity.id }, data: { stats: JSON.stringify(stats) } })
}

defineTask({
  kind: 'bulk_import',
  payload: z.object({ bulkImportId: z.number() }),
  concurrencyKey: (p) => `bulk_import:${p.bulkImportId}`,
  maxAttempts: 3,
  run: async ({ payload, checkpoint }) => {
    const db = await getDb()
    const migration = await db.bulkImport.findUnique({ where: { id: payload.bulkImportId } })
    if (!migration || migration.status === STATUS.canceled || migration.status === STATUS.finished) return { skipped: migration?.status }
    const user = await userById(migration.userId)
    if (!user) return { skipped: 'user gone' }
    const ctx: Ctx = {
      migration,
      client: new SourceClient(migration.sourceUrl, tokenOf(migration)),
      actor: { user: publicUser(user), token: null, via: 'internal' },
      checkCanceled: async () => {
        const row = await db.bulkImport.findUnique({ where: { id: migration.id }, select: { status: true } })
        if (row?.status === STATUS.canceled) throw new Canceled()
      },
    }
    await db.bulkImport.update({ where: { id: migration.id }, data: { status: STATUS.started } })
    let done = 0
    try {
      for (;;) {
        await ctx.checkCanceled()
        const entity = await db.bulkImportEntity.findFirst({ where: { bulkImportId: migration.id, status: { in: [STATUS.created, STATUS.started] } }, orderBy: { id: 'asc' } })
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
        await checkpoint({ done: ++done, message: `${entity.sourceFullPath}: ${status === STATUS.finished ? 'finished' : 'failed'}` })
      }
    } catch (e) {
      if (e instanceof Canceled) return { canceled: true }
      throw e
    }
    const failed = await db.bulkImportEntity.count({ where: { bulkImportId: migration.id, status: STATUS.failed } })
    const total = await db.bulkImportEntity.count({ where: { bulkImportId: migration.id } })
    await db.bulkImport.updateMany({ where: { id: migration.id, status: STATUS.started }, data: { status: failed === total && total > 0 ? STATUS.failed : STATUS.finished } })
    return { entities: total, failed }
  },
})
