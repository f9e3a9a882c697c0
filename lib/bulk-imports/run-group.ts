// A group entity of a migration: the group made (or adopted after a kill) from the source's
// attributes, its settings and members, and its subgroups and projects queued as entities.
import { z } from 'zod'
import { getDb } from '../db'
import type { BulkImportEntity, Namespace } from '../db'
import { loadGroup } from '../groups/find'
import { capVisibility } from '../groups/schema'
import { createGroup } from '../groups/service'
import { updateGroup } from '../groups/update'
import { PROJECT_CREATION_LEVELS, SUBGROUP_CREATION_LEVELS } from '../groups/update-schema'
import { crashPoint } from '../runtime/crash-point'
import { SourceError } from './client'
import { importMembers } from './relation-pipelines'
import { Canceled, type Ctx, failure, groupMadeByKilledRun } from './run-context'
import { exportedRelations } from './source-relations'
import { fromSource, projectsPageSchema, sourceGroupSchema, subgroupSchema, type SourceGroup } from './source-schemas'

const GROUP_QUERY = `query($full_path: ID!) { group(fullPath: $full_path) { name path full_path: fullPath description visibility
  project_creation_level: projectCreationLevel subgroup_creation_level: subgroupCreationLevel
  require_two_factor_authentication: requireTwoFactorAuthentication two_factor_grace_period: twoFactorGracePeriod } }`
const PROJECTS_QUERY = `query($full_path: ID!, $cursor: String, $per_page: Int) {
  group(fullPath: $full_path) { projects(includeSubgroups: false, first: $per_page, after: $cursor) {
    page_info: pageInfo { next_page: endCursor has_next_page: hasNextPage } nodes { id name path full_path: fullPath } } } }`

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  (values as readonly unknown[]).includes(v) ? (v as T) : undefined

/** The source group's settings GitLab's GroupAttributesTransformer carries over; values we do not know (a newer GitLab's "administrator") keep our default. */
async function applyGroupSettings(ctx: Ctx, group: Namespace, source: SourceGroup) {
  const changes = {
    project_creation_level: oneOf(PROJECT_CREATION_LEVELS, source.project_creation_level),
    subgroup_creation_level: oneOf(SUBGROUP_CREATION_LEVELS, source.subgroup_creation_level),
    require_two_factor_authentication:
      typeof source.require_two_factor_authentication === 'boolean'
        ? source.require_two_factor_authentication
        : undefined,
    two_factor_grace_period:
      typeof source.two_factor_grace_period === 'number' ? source.two_factor_grace_period : undefined,
  }
  if (Object.values(changes).some((v) => v !== undefined)) await updateGroup(ctx.actor, String(group.id), changes)
}

export async function runGroup(ctx: Ctx, entity: BulkImportEntity): Promise<void> {
  const db = await getDb()
  const data = fromSource(
    z.object({ group: sourceGroupSchema.nullable() }),
    await ctx.client.graphql(GROUP_QUERY, { full_path: entity.sourceFullPath }),
    'group',
  )
  if (!data.group) throw new SourceError(`Group '${entity.sourceFullPath}' not found at the source`)
  const parent = entity.destinationNamespace ? await loadGroup(entity.destinationNamespace) : null
  let group: Namespace | null = entity.namespaceId
    ? await loadGroup(String(entity.namespaceId))
    : await groupMadeByKilledRun(ctx, entity)
  if (group && !entity.namespaceId)
    await db.bulkImportEntity.update({ where: { id: entity.id }, data: { namespaceId: group.id } })
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
  const existing = await db.bulkImportEntity.findMany({
    where: { bulkImportId: entity.bulkImportId, parentId: entity.id },
    select: { sourceFullPath: true },
  })
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
