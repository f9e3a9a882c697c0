// Parameters of /projects/:id/snippets (GitLab's lib/api/project_snippets.rb and
// helpers/snippets_helpers.rb), with Grape's texts for the rules zod cannot express alone.
import { z } from 'zod'
import { int, time } from '../api/json-types'
import { userBasicSchema } from '../users/schema'
import { paramError } from '../api/errors'
import { p } from '../api/param-types'

export const VISIBILITIES = ['private', 'internal', 'public'] as const
export const SNIPPET_ACTIONS = ['create', 'update', 'delete', 'move'] as const

/** Grape's `allow_blank: false`: present but blank is "is empty", absent stays "is missing". */
const filled = () => z.string().refine((s) => s.trim() !== '', { params: { grape: 'is empty' } })

/** A relative path inside the snippet: no traversal, not absolute, no control characters. */
export function validFilePath(path: string): boolean {
  if (!path.trim() || path.startsWith('/') || path.endsWith('/') || path.includes('\\')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(path)) return false
  return path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..')
}
const filePath = () => z.string().refine(validFilePath, { params: { grape: 'should be a valid file path' } })

export const snippetIdParams = z.object({ id: p.id(), snippet_id: p.int() })
export const listParams = z.object({ id: p.id() })
export const rawFileParams = snippetIdParams.extend({ ref: p.string(), file_path: filePath() })

export const createParams = z.object({
  id: p.id(),
  title: filled(),
  description: p.optional(p.string()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  files: p.optional(z.array(z.object({ file_path: filePath(), content: filled() }))),
  content: p.optional(filled()),
  file_name: p.optional(p.string()),
})
export type CreateParams = z.infer<typeof createParams>

const fileAction = z.object({
  action: p.enum(SNIPPET_ACTIONS),
  content: p.optional(p.string()),
  file_path: p.optional(filePath()),
  previous_path: p.optional(filePath()),
})
export type FileAction = z.infer<typeof fileAction>

export const updateParams = snippetIdParams.extend({
  title: p.optional(filled()),
  description: p.optional(p.string()),
  visibility: p.optional(p.enum(VISIBILITIES)),
  files: p.optional(z.array(fileAction)),
  content: p.optional(filled()),
  file_name: p.optional(p.string()),
})
export type UpdateParams = z.infer<typeof updateParams>

/** `mutually_exclusive :files, :content` + `exactly_one_of` + `given :content { requires :file_name }`. */
export function checkCreateShape(params: Omit<CreateParams, 'id'>) {
  if (params.files !== undefined && params.content !== undefined)
    throw paramError('files, content are mutually exclusive')
  if (params.files === undefined && params.content === undefined)
    throw paramError('files, content are missing, exactly one parameter must be provided')
  if (params.content !== undefined && params.file_name === undefined) throw paramError('file_name is missing')
  if (params.files !== undefined && params.files.length === 0) throw paramError('files is empty')
}

/** `mutually_exclusive :files, :content / :files, :file_name` + `at_least_one_of`. */
export function checkUpdateShape(params: UpdateParams) {
  if (params.files !== undefined && params.content !== undefined)
    throw paramError('files, content are mutually exclusive')
  if (params.files !== undefined && params.file_name !== undefined)
    throw paramError('files, file_name are mutually exclusive')
  const keys = ['content', 'description', 'files', 'file_name', 'title', 'visibility'] as const
  if (keys.every((k) => params[k] === undefined))
    throw paramError(`${keys.join(', ')} are missing, at least one parameter must be provided`)
}

const fileLink = z.strictObject({ path: z.string(), raw_url: z.string() })

/** Entities::ProjectSnippet; the author's e-mail only for themself or an administrator. */
export const snippetSchema = z.strictObject({
  id: int(),
  title: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(['private', 'internal', 'public']),
  author: userBasicSchema.extend({ email: z.string().nullable(), created_at: time() }),
  created_at: time(),
  updated_at: time(),
  project_id: int().nullable(),
  web_url: z.string(),
  raw_url: z.string(),
  ssh_url_to_repo: z.string(),
  http_url_to_repo: z.string(),
  file_name: z.string().nullable(),
  files: z.array(fileLink),
  imported: z.boolean(),
  imported_from: z.string(),
})
/** A snippet version (our extension, shaped like a commit). */
export const snippetVersionSchema = z.strictObject({
  id: z.string(),
  short_id: z.string(),
  parent_ids: z.array(z.string()),
  title: z.string(),
  message: z.string(),
  author_name: z.string().nullable(),
  author: userBasicSchema.nullable(),
  created_at: time(),
  files: z.array(fileLink),
})
/** GET …/user_agent_detail (administrators). */
export const userAgentDetailSchema = z.strictObject({
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  spamfilter_submitted: z.boolean(),
})
export type SnippetJson = z.infer<typeof snippetSchema>
export type SnippetVersionJson = z.infer<typeof snippetVersionSchema>
