import { z } from 'zod'
import { int, time } from '../api/json-types'

/** BulkImports::ExportStatus: one relation's export (status 0 started, 1 finished, -1 failed, -2 pending). */
export const relationExportStatusSchema = z.strictObject({
  relation: z.string(),
  status: int(),
  error: z.string().nullable(),
  updated_at: time(),
  batched: z.boolean(),
  batches_count: int(),
  batches: z.array(
    z.strictObject({
      status: int(),
      batch_number: int(),
      objects_count: int(),
      error: z.string().nullable(),
      updated_at: time(),
    }),
  ),
  total_objects_count: int(),
})
export type RelationExportStatusJson = z.infer<typeof relationExportStatusSchema>
