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
import { crashPoint } from '../runtime/crash-point'
import { SourceClient, SourceError } from './client'
import { exportedRelations } from './source-relations'
import {
  describe,
  fromSource,
  projectsPageSchema,
  relationSchemas,
  sourceGroupSchema,
  sourceProjectSchema,
  subgroupSchema,
  type RelationName,
  type RelationRecord,
  type SourceGroup,
} from './source-schemas'
import { STATUS, tokenOf } from './service'
import { userByEmail, userById, userByUsername } from '../users/find'
import { projectByFullPath, projectRow } from '../projects/find'
import { capVisibility } from '../groups/schema'
import { MEMBER_LEVELS } from '../auth/access-levels'
import { PUSH_MERGE_LEVELS } from '../protected-branches/schema'
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
  return { since, fullPath: entity.destinationNamespace ? `${entity.destinationNamespace}/${entity.destinationSlug}` : entity.destinationSlug }
}

async function groupMadeByKilledRun(ctx: Ctx, entity: BulkImportEntity): Promise<Namespace | null> {
  const run = killedRunSince(ctx, entity)
  if (!run) return null
  const group = await loadGroup(run.fullPath)
  return group && group.createdAt.getTime() >= run.since ? group : null
}

async function projectMadeByKilledRun(ctx: Ctx, entity: BulkImportEntity): Promise<ProjectWithNamespace | null> {
  const run = killedRunSince(ctx, entity)
  if (!run) return null
  const project = await projectByFullPath(run.fullPath)
  return project && project.creatorId === ctx.actor.user.id && project.createdAt.getTime() >= run.since ? project : null
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

/** A record of the source that does not parse: its relation's failure, named. */
class SourceRecordError extends Error {}

/**
 * One of GitLab's BulkImports pipelines: a relation's records, each parsed at the edge
 * (source-schemas.ts) and applied through the destination's own services. A record that does not
 * parse or is refused is a failure of that relation; the others go on.
 */
function relationPipeline<R extends RelationName, T>(relation: R, title: (r: RelationRecord<R>) => string, apply: (ctx: Ctx, target: T, r: RelationRecord<R>) => Promise<boolean>) {
  return async (ctx: Ctx, entity: BulkImportEntity, target: T, rows: Record<string, unknown>[]) => {
    const key = `${entity.id}:${relation}`
    const [from, before] = ctx.applied[key] ?? [0, 0]
    let imported = before
    for (const [i, row] of rows.entries()) {
      if (i < from) continue
      const parsed = relationSchemas[relation].safeParse(row)
      if (!parsed.success) {
        await failure(entity, relation, new SourceRecordError(`A ${relation} record is not what GitLab sends: ${describe(parsed.error)}`), {
          title: textOf(row.name ?? row.title ?? row.description),
        })
        await ctx.recordApplied(key, i + 1, imported)
        continue
      }
      const record = parsed.data as RelationRecord<R>
      try {
        if (await apply(ctx, target, record)) imported++
      } catch (e) {
        await failure(entity, relation, e, { title: title(record) })
      }
      await ctx.recordApplied(key, i + 1, imported)
    }
    return { source: rows.length, fetched: rows.length, imported }
  }
}

const memberLevel = (n: number) => MEMBER_LEVELS.find((l) => l === n)
const branchLevel = (list: { access_level: number }[] | undefined) => PUSH_MERGE_LEVELS.find((l) => l === list?.[0]?.access_level)

/** Members matched by public e-mail, then username; the importer (already Owner) is skipped. */
const importMembers = relationPipeline(
  'members',
  (m) => textOf(m.user?.username),
  async (ctx, target: { kind: 'groups' | 'projects'; id: number }, m) => {
    const byEmail = m.user?.public_email ? await userByEmail(m.user.public_email) : null
    const user = byEmail ?? (m.user?.username ? await userByUsername(m.user.username) : null)
    if (!user || user.id === ctx.actor.user.id) return false
    const accessLevel = memberLevel(m.access_level)
    if (accessLevel === undefined) throw new SourceRecordError(`access level ${m.access_level} does not exist here`)
    const source = await findSource(ctx.actor, target.kind, String(target.id))
    await addMembers(ctx.actor, source, { user_id: user.id, access_level: accessLevel, expires_at: m.expires_at })
    return true
  },
)

const importProtectedBranches = relationPipeline(
  'protected_branches',
  (r) => r.name,
  async (ctx, p: ProjectWithNamespace, r) => {
    await protect(ctx.actor, p, {
      name: r.name,
      push_access_level: branchLevel(r.push_access_levels),
      merge_access_level: branchLevel(r.merge_access_levels),
      allow_force_push: !!r.allow_force_push,
    })
    return true
  },
)

// Schedules arrive owned by the importer and inactive, as GitLab does.
const importSchedules = relationPipeline(
  'pipeline_schedules',
  (r) => r.description,
  async (ctx, p: ProjectWithNamespace, r) => {
    await createSchedule(ctx.actor, p, { description: r.description, ref: r.ref, cron: r.cron, cron_timezone: r.cron_timezone ?? undefined, active: false })
    return true
  },
)

const importSnippets = relationPipeline(
  'snippets',
  (r) => r.title,
  async (ctx, p: ProjectWithNamespace, r) => {
    const files = r.files ? r.files.map((f) => ({ file_path: f.path, content: f.content })) : [{ file_path: r.file_name ?? 'snippet.txt', content: r.content ?? '' }]
    const visibility = r.visibility_level === 20 ? 'public' : r.visibility_level === 10 ? 'internal' : 'private'
    await createSnippet(
      ctx.actor,
      p,
      { title: r.title, description: r.description ?? undefined, visibility: capVisibility(visibility, p.visibility), files },
      { userAgent: 'direct-transfer', ip: null },
    )
    return true
  },
)

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined => ((values as readonly unknown[]).includes(v) ? (v as T) : undefined)

/** The source group's settings GitLab's GroupAttributesTransformer carries over; values we do not know (a newer GitLab's "administrator") keep our default. */
async function applyGroupSettings(ctx: Ctx, group: Namespace, source: SourceGroup) {
  const changes = {
    project_creation_level: oneOf(PROJECT_CREATION_LEVELS, source.project_creation_level),
    subgroup_creation_level: oneOf(SUBGROUP_CREATION_LEVELS, source.subgroup_creation_level),
    require_two_factor_authentication: typeof source.require_two_factor_authentication === 'boolean' ? source.require_two_factor_authentication : undefined,
    two_factor_grace_period: typeof source.two_factor_grace_period === 'number' ? source.two_factor_grace_period : undefined,
  }
  if (Object.values(changes).some((v) => v !== undefined)) await updateGroup(ctx.actor, String(group.id), changes)
}

async function runGroup(ctx: Ctx, entity: BulkImportEntity): Promise<void> {
  const db = await getDb()
  const data = fromSource(z.object({ group: sourceGroupSchema.nullable() }), await ctx.client.graphql(GROUP_QUERY, { full_path: entity.sourceFullPath }), 'group')
  if (!data.group) throw new SourceError(`Group '${entity.sourceFullPath}' not found at the source`)
  const parent = entity.destinationNamespace ? await loadGroup(entity.destinationNamespace) : null
  let group: Namespace | null = entity.namespaceId ? await loadGroup(String(entity.namespaceId)) : await groupMadeByKilledRun(ctx, entity)
  if (group && !entity.namespaceId) await db.bulkImportEntity.update({ where: { id: entity.id }, data: { namespaceId: group.id } })
  if (!group) {
    await ctx.recordCreating(entity.id)
    group = await createGroup(ctx.actor, {
      name: entity.destinationName ?? data.group.name,
      path: entity.destinationSlug,
      parent_id: parent?.id,
      description: data.group.description ?? '',
      visibility: capVisibility(data.group.visibility, parent?.visibility),
    })
    crashPoint('bulk_import:after-create-group', ctx.attempt)
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
      stats.members = await importMembers(ctx, entity, { kind: 'groups', id: group.id }, relations.get('members') ?? [])
    } catch (e) {
      if (e instanceof Canceled) throw e
      await failure(entity, 'members', e)
    }
  }
  // Subgroups and projects of the source group become entities of this migration (once).
  const existing = await db.bulkImportEntity.findMany({ where: { bulkImportId: entity.bulkImportId, parentId: entity.id }, select: { sourceFullPath: true } })
  const known = new Set(existing.map((e) => e.sourceFullPath))
  try {
    const listed = await ctx.client.all<unknown>(`/groups/${encodeURIComponent(entity.sourceFullPath)}/subgroups`)
    const subgroups = fromSource(z.array(subgroupSchema), listed, 'subgroup list')
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
        const page: z.infer<typeof projectsPageSchema> = fromSource(
          projectsPageSchema,
          await ctx.client.graphql(PROJECTS_QUERY, { full_path: entity.sourceFullPath, cursor, per_page: 30 }),
          'project list',
        )
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
  const data = fromSource(z.object({ project: sourceProjectSchema.nullable() }), await ctx.client.graphql(PROJECT_QUERY, { full_path: entity.sourceFullPath }), 'project')
  if (!data.project) throw new SourceError(`Project '${entity.sourceFullPath}' not found at the source`)
  const parent = await loadGroup(entity.destinationNamespace)
  if (!parent) throw new Error(`Destination namespace '${entity.destinationNamespace}' is gone`)
  let project = entity.projectId ? await projectRow(entity.projectId) : await projectMadeByKilledRun(ctx, entity)
  if (project && !entity.projectId) await db.bulkImportEntity.update({ where: { id: entity.id }, data: { projectId: project.id } })
  if (!project) {
    await ctx.recordCreating(entity.id)
    project = await createProject(ctx.actor, {
      name: entity.destinationName ?? data.project.name,
      path: entity.destinationSlug,
      namespace_id: parent.id,
      description: data.project.description ?? undefined,
      visibility: capVisibility(data.project.visibility, parent.visibility),
      initialize_with_readme: true,
    })
    crashPoint('bulk_import:after-create-project', ctx.attempt)
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
  const p = project
  const rows = (relation: RelationName) => relations.get(relation) ?? []
  stats.ci_config = await importCiConfig(ctx, entity, p)
  stats.protected_branches = await importProtectedBranches(ctx, entity, p, rows('protected_branches'))
  stats.pipeline_schedules = await importSchedules(ctx, entity, p, rows('pipeline_schedules'))
  crashPoint('bulk_import:after-schedules', ctx.attempt)
  stats.snippets = await importSnippets(ctx, entity, p, rows('snippets'))
  if (entity.migrateMemberships) stats.members = await importMembers(ctx, entity, { kind: 'projects', id: p.id }, rows('members'))
  await db.bulkImportEntity.update({ where: { id: entity.id }, data: { stats: JSON.stringify(stats) } })
}

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
    if (!migration || migration.status === STATUS.canceled || migration.status === STATUS.finished) return { skipped: migration?.status }
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
        shown = { done: ++done, message: `${entity.sourceFullPath}: ${status === STATUS.finished ? 'finished' : 'failed'}` }
        await save()
        crashPoint(`bulk_import:after-entity-${done}`, ctx.attempt)
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
