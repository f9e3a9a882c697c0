import { z } from 'zod'
import { int, time } from '../api/json-types'

const status = z.enum(['created', 'started', 'finished', 'timeout', 'failed', 'canceled'])

/** BulkImports: one migration. */
export const bulkImportSchema = z.strictObject({
  id: int(),
  status,
  source_type: z.string(),
  source_url: z.string(),
  created_at: time(),
  updated_at: time(),
  has_failures: z.boolean(),
})
export type BulkImportJson = z.infer<typeof bulkImportSchema>

/** A failure inside an entity (BulkImports::EntityFailure). */
export const entityFailureSchema = z.strictObject({
  relation: z.string(),
  step: z.string().nullable(),
  exception_message: z.string(),
  exception_class: z.string(),
  correlation_id_value: z.string(),
  created_at: time(),
  pipeline_class: z.string(),
  pipeline_step: z.string().nullable(),
})
export type EntityFailureJson = z.infer<typeof entityFailureSchema>

/** A failed-import record (GET …/entities/:entity_id/failures). */
export const failureRecordSchema = z.strictObject({
  relation: z.string(),
  exception_message: z.string(),
  exception_class: z.string(),
  correlation_id_value: z.string(),
  source_url: z.string().nullable(),
  source_title: z.string().nullable(),
})
export type FailureRecordJson = z.infer<typeof failureRecordSchema>

/** BulkImports: one group or project of a migration. */
export const bulkImportEntitySchema = z.strictObject({
  id: int(),
  bulk_import_id: int(),
  status,
  entity_type: z.enum(['group', 'project']),
  source_full_path: z.string(),
  destination_full_path: z.string(),
  destination_name: z.string(),
  destination_slug: z.string(),
  destination_namespace: z.string(),
  parent_id: int().nullable(),
  namespace_id: int().nullable(),
  project_id: int().nullable(),
  created_at: time(),
  updated_at: time(),
  failures: z.array(entityFailureSchema),
  migrate_projects: z.boolean(),
  migrate_memberships: z.boolean(),
  has_failures: z.boolean(),
  stats: z.record(z.string(), z.strictObject({ source: int(), fetched: int(), imported: int() })),
})
export type BulkImportEntityJson = z.infer<typeof bulkImportEntitySchema>

/** The source's groups the token's user owns (console only). */
export const sourceGroupsSchema = z.strictObject({
  groups: z.array(z.strictObject({ id: int(), full_path: z.string(), name: z.string(), visibility: z.string() })),
  next_page: int().nullable(),
})
