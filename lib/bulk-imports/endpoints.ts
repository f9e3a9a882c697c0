// Direct-transfer migrations (GitLab's lib/api/bulk_imports.rb): start, list, read, failures,
// cancel. The whole API is 404 while bulk_importing_enabled is off; callers see only their own.
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { mapPage } from '../api/pagination'
import { p } from '../api/param-types'
import { reply } from '../api/reply'
import type { BulkImport } from '../db'
import './run'
import {
  bulkImportEntitySchema,
  bulkImportSchema,
  failureRecordSchema,
  sourceGroupsSchema,
  type BulkImportEntityJson,
  type BulkImportJson,
  type EntityFailureJson,
  type FailureRecordJson,
} from './schema'
import { sourceGroups } from './source-groups'
import {
  cancelMigration,
  createMigration,
  findEntity,
  findMigration,
  findMigrationToCancel,
  listEntities,
  listMigrations,
  requireEnabled,
  STATUS,
  STATUS_NAME,
  type EntityWithFailures,
} from './service'

const STATUSES = Object.keys(STATUS) as [keyof typeof STATUS, ...(keyof typeof STATUS)[]]
const iso = (d: Date) => d.toISOString()

const statusName = (n: number) => STATUS_NAME[n] as BulkImportJson['status']

const migrationEntity = (m: BulkImport): BulkImportJson => ({
  id: m.id,
  status: statusName(m.status),
  source_type: m.sourceType,
  source_url: m.sourceUrl,
  created_at: iso(m.createdAt),
  updated_at: iso(m.updatedAt),
  has_failures: m.hasFailures,
})

type FailureRow = EntityWithFailures['failures'][number]
const camel = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())

/** The failed-import record of the failures endpoint. */
const failureRecord = (f: FailureRow): FailureRecordJson => ({
  relation: f.relation,
  exception_message: f.exceptionMessage,
  exception_class: f.exceptionClass,
  correlation_id_value: f.correlationIdValue,
  source_url: f.sourceUrl,
  source_title: f.sourceTitle,
})

// GitLab names the pipeline that failed (relation is derived from it); the step within it is not recorded here.
const entityFailure = (e: EntityWithFailures, f: FailureRow): EntityFailureJson => ({
  relation: f.relation,
  step: null,
  exception_message: f.exceptionMessage,
  exception_class: f.exceptionClass,
  correlation_id_value: f.correlationIdValue,
  created_at: iso(f.createdAt),
  pipeline_class: `BulkImports::${e.sourceType === 'group_entity' ? 'Groups' : 'Projects'}::Pipelines::${camel(f.relation)}Pipeline`,
  pipeline_step: null,
})

const entityEntity = (e: EntityWithFailures): BulkImportEntityJson => ({
  id: e.id,
  bulk_import_id: e.bulkImportId,
  status: statusName(e.status),
  entity_type: e.sourceType === 'group_entity' ? 'group' : 'project',
  source_full_path: e.sourceFullPath,
  destination_full_path: e.destinationNamespace ? `${e.destinationNamespace}/${e.destinationSlug}` : e.destinationSlug,
  destination_name: e.destinationName ?? e.destinationSlug,
  destination_slug: e.destinationSlug,
  destination_namespace: e.destinationNamespace,
  parent_id: e.parentId,
  namespace_id: e.namespaceId,
  project_id: e.projectId,
  created_at: iso(e.createdAt),
  updated_at: iso(e.updatedAt),
  failures: e.failures.map((f) => entityFailure(e, f)),
  migrate_projects: e.migrateProjects,
  migrate_memberships: e.migrateMemberships,
  has_failures: e.failures.length > 0,
  stats: JSON.parse(e.stats) as BulkImportEntityJson['stats'],
})

const listParams = z.object({ status: p.optional(p.enum(STATUSES)), sort: p.optional(p.enum(['asc', 'desc'])) })
const idParams = z.object({ import_id: p.int() })
const createParams = z.object({
  configuration: z.object({ url: p.string(), access_token: p.string() }),
  entities: z
    .array(
      z.object({
        source_type: p.enum(['group_entity', 'project_entity']),
        source_full_path: p.string(),
        destination_slug: p.optional(p.string()),
        destination_name: p.optional(p.string()),
        destination_namespace: p.optional(p.string()),
        migrate_projects: p.optional(p.bool()),
        migrate_memberships: p.optional(p.bool()),
      }),
    )
    .min(1),
})

export const bulkImportEndpoints = {
  sourceGroups: endpoint({
    method: 'POST',
    path: '/bulk_imports/source_groups',
    summary: "Groups the token's user may migrate from a source (for the console; not a GitLab endpoint)",
    auth: 'required',
    params: z.object({
      configuration: z.object({ url: p.string(), access_token: p.string() }),
      search: p.optional(p.string()),
      page: p.optional(p.int()),
    }),
    response: { status: 200, body: sourceGroupsSchema },
    handler: async ({ params }) => {
      await requireEnabled()
      return reply(200, await sourceGroups(params.configuration, params.search, params.page ?? 1))
    },
  }),
  create: endpoint({
    method: 'POST',
    path: '/bulk_imports',
    summary: 'Start a direct-transfer migration from another GitLab instance',
    auth: 'required',
    params: createParams,
    response: { body: bulkImportSchema },
    handler: async ({ actor, params }) => {
      await requireEnabled()
      return reply(201, migrationEntity(await createMigration(actor, params.configuration, params.entities)))
    },
  }),
  list: endpoint({
    method: 'GET',
    path: '/bulk_imports',
    summary: "The caller's migrations",
    keep: true,
    auth: 'required',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(bulkImportSchema) },
    handler: async ({ actor, params, page }) => {
      await requireEnabled()
      return mapPage(await listMigrations(actor, params, page), migrationEntity)
    },
  }),
  listEntities: endpoint({
    method: 'GET',
    path: '/bulk_imports/entities',
    summary: "Entities of the caller's migrations",
    auth: 'required',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(bulkImportEntitySchema) },
    handler: async ({ actor, params, page }) => {
      await requireEnabled()
      return mapPage(await listEntities(actor, params, page), entityEntity)
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/bulk_imports/:import_id',
    summary: 'One migration',
    auth: 'required',
    params: idParams,
    response: { body: bulkImportSchema },
    handler: async ({ actor, params }) => {
      await requireEnabled()
      return migrationEntity(await findMigration(actor, params.import_id))
    },
  }),
  entities: endpoint({
    method: 'GET',
    path: '/bulk_imports/:import_id/entities',
    summary: "A migration's entities",
    auth: 'required',
    params: idParams.extend(listParams.shape),
    paginated: 'offset',
    response: { body: z.array(bulkImportEntitySchema) },
    handler: async ({ actor, params, page }) => {
      await requireEnabled()
      const m = await findMigration(actor, params.import_id)
      return mapPage(await listEntities(actor, params, page, m.id), entityEntity)
    },
  }),
  entity: endpoint({
    method: 'GET',
    path: '/bulk_imports/:import_id/entities/:entity_id',
    summary: 'One entity of a migration',
    auth: 'required',
    params: idParams.extend({ entity_id: p.int() }),
    response: { body: bulkImportEntitySchema },
    handler: async ({ actor, params }) => {
      await requireEnabled()
      return entityEntity(await findEntity(await findMigration(actor, params.import_id), params.entity_id))
    },
  }),
  failures: endpoint({
    method: 'GET',
    path: '/bulk_imports/:import_id/entities/:entity_id/failures',
    summary: "An entity's failures",
    auth: 'required',
    params: idParams.extend({ entity_id: p.int() }),
    response: { body: z.array(failureRecordSchema) },
    handler: async ({ actor, params }) => {
      await requireEnabled()
      return (await findEntity(await findMigration(actor, params.import_id), params.entity_id)).failures.map(
        failureRecord,
      )
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/bulk_imports/:import_id/cancel',
    summary: 'Cancel a migration',
    auth: 'required',
    params: idParams,
    response: { status: 200, body: bulkImportSchema },
    handler: async ({ actor, params }) => {
      await requireEnabled()
      return reply(200, migrationEntity(await cancelMigration(await findMigrationToCancel(actor, params.import_id))))
    },
  }),
}
