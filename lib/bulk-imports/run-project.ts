// A project entity of a migration: the project made (or adopted after a kill) in its destination
// group, then its CI configuration and relations.
import { z } from 'zod'
import { getDb } from '../db'
import type { BulkImportEntity } from '../db'
import { loadGroup } from '../groups/find'
import { capVisibility } from '../groups/schema'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectRow } from '../projects/find'
import { createProject } from '../projects/service'
import { commitFiles, readFileAtRef } from '../repository-files/service'
import { crashPoint } from '../runtime/crash-point'
import { SourceError } from './client'
import { importMembers, importProtectedBranches, importSchedules, importSnippets } from './relation-pipelines'
import { Canceled, type Ctx, failure, projectMadeByKilledRun } from './run-context'
import { exportedRelations } from './source-relations'
import { fromSource, sourceProjectSchema, type RelationName } from './source-schemas'

const PROJECT_QUERY = `query($full_path: ID!) { project(fullPath: $full_path) { name path description visibility } }`

const CI_CONFIG_PATH = '.gitlab-ci.yml'

/**
 * The project's CI configuration, read through the files API at the source's default branch (GitLab
 * or ours: neither sends it as a relation) and committed on the destination's default branch.
 */
async function importCiConfig(ctx: Ctx, entity: BulkImportEntity, project: ProjectWithNamespace) {
  try {
    const file = await ctx.client.download(
      `/projects/${encodeURIComponent(entity.sourceFullPath)}/repository/files/${encodeURIComponent(CI_CONFIG_PATH)}/raw`,
      {},
    )
    if (file.status === 404) return { source: 0, fetched: 0, imported: 0 }
    if (file.status !== 200)
      throw new SourceError(`The source answered ${file.status} to the CI configuration read`, file.status)
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

export async function runProject(ctx: Ctx, entity: BulkImportEntity): Promise<void> {
  const db = await getDb()
  const data = fromSource(
    z.object({ project: sourceProjectSchema.nullable() }),
    await ctx.client.graphql(PROJECT_QUERY, { full_path: entity.sourceFullPath }),
    'project',
  )
  if (!data.project) throw new SourceError(`Project '${entity.sourceFullPath}' not found at the source`)
  const parent = await loadGroup(entity.destinationNamespace)
  if (!parent) throw new Error(`Destination namespace '${entity.destinationNamespace}' is gone`)
  let project = entity.projectId ? await projectRow(entity.projectId) : await projectMadeByKilledRun(ctx, entity)
  if (project && !entity.projectId)
    await db.bulkImportEntity.update({ where: { id: entity.id }, data: { projectId: project.id } })
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
  const wanted = [
    'protected_branches',
    'pipeline_schedules',
    'snippets',
    ...(entity.migrateMemberships ? ['members'] : []),
  ]
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
  if (entity.migrateMemberships)
    stats.members = await importMembers(ctx, entity, { kind: 'projects', id: p.id }, rows('members'))
  await db.bulkImportEntity.update({ where: { id: entity.id }, data: { stats: JSON.stringify(stats) } })
}
