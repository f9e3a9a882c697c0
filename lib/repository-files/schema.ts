import { z } from 'zod'
import { int } from '../api/json-types'

/** GET /projects/:id/repository/files/:file_path: the file at a ref, content base64-encoded. */
export const repositoryFileSchema = z.strictObject({
  file_name: z.string(),
  file_path: z.string(),
  size: int(),
  encoding: z.literal('base64'),
  content_sha256: z.string(),
  ref: z.string(),
  blob_id: z.string(),
  commit_id: z.string(),
  last_commit_id: z.string(),
  execute_filemode: z.boolean(),
  content: z.string(),
})
export type RepositoryFileJson = z.infer<typeof repositoryFileSchema>

/** What a file create or update answers. */
export const fileCommitSchema = z.strictObject({ file_path: z.string(), branch: z.string() })
