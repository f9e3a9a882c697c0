// Repository files (GitLab's lib/api/files.rb): read a file at a ref (JSON or raw), create, update
// and delete it as a new commit on a branch.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { noContent, rawReply, reply } from '../api/reply'
import { findProject } from '../projects/find'
import { fileCommitSchema, repositoryFileSchema, type RepositoryFileJson } from './schema'
import { commitFiles, readFileAtRef, requireFile, type FileAtRef } from './service'

const base = '/projects/:id/repository/files/:file_path'
const fileParams = z.object({ id: p.id(), file_path: p.string(), ref: p.string() })
const rawParams = z.object({
  id: p.id(),
  file_path: p.string(),
  ref: p.optional(p.string()),
  lfs: p.optional(p.bool()),
})
const writeParams = z.object({
  id: p.id(),
  file_path: p.string(),
  branch: p.string(),
  start_branch: p.optional(p.string()),
  encoding: p.optional(p.enum(['text', 'base64'])),
  author_email: p.optional(p.string()),
  author_name: p.optional(p.string()),
  content: p.string(),
  commit_message: p.string(),
  last_commit_id: p.optional(p.string()),
  execute_filemode: p.optional(p.bool()),
})
const deleteParams = writeParams.omit({ content: true, encoding: true, execute_filemode: true })

function fileEntity(file: FileAtRef, ref: string): RepositoryFileJson {
  return {
    file_name: file.path.split('/').pop() ?? file.path,
    file_path: file.path,
    size: file.content.length,
    encoding: 'base64',
    content_sha256: createHash('sha256').update(file.content).digest('hex'),
    ref,
    blob_id: file.blobId,
    commit_id: file.commit.sha,
    last_commit_id: file.lastCommitId,
    execute_filemode: false,
    content: file.content.toString('base64'),
  }
}

const contentOf = (params: { content: string; encoding?: string }) =>
  Buffer.from(params.content, params.encoding === 'base64' ? 'base64' : 'utf8')
const commitInput = (params: z.infer<typeof deleteParams>) => ({
  branch: params.branch,
  startBranch: params.start_branch,
  message: params.commit_message,
  authorName: params.author_name,
  authorEmail: params.author_email,
  lastCommitId: params.last_commit_id,
})

export const repositoryFileEndpoints = {
  show: endpoint({
    method: 'GET',
    path: base,
    summary: 'A file of the repository at a ref (content base64-encoded)',
    auth: 'public',
    params: fileParams,
    response: { body: repositoryFileSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      return fileEntity(requireFile(await readFileAtRef(project.id, params.ref, params.file_path)), params.ref)
    },
  }),
  raw: endpoint({
    method: 'GET',
    path: `${base}/raw`,
    summary: 'A file of the repository at a ref (default branch when absent), raw',
    auth: 'public',
    params: rawParams,
    response: { body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'read_code')
      const file = requireFile(await readFileAtRef(project.id, params.ref ?? project.defaultBranch, params.file_path))
      return rawReply(200, new Uint8Array(file.content), 'text/plain; charset=utf-8', {
        'X-Gitlab-Blob-Id': file.blobId,
        'X-Gitlab-Commit-Id': file.commit.sha,
        'X-Gitlab-File-Path': file.path,
      })
    },
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a file (a new commit on the branch)',
    auth: 'required',
    params: writeParams,
    response: { body: fileCommitSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'push_code')
      await commitFiles(actor, project, {
        ...commitInput(params),
        actions: [{ action: 'create', path: params.file_path, content: contentOf(params) }],
      })
      return reply(201, { file_path: params.file_path, branch: params.branch })
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: base,
    summary: 'Update a file (a new commit on the branch)',
    auth: 'required',
    params: writeParams,
    response: { body: fileCommitSchema },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'push_code')
      await commitFiles(actor, project, {
        ...commitInput(params),
        actions: [{ action: 'update', path: params.file_path, content: contentOf(params) }],
      })
      return { file_path: params.file_path, branch: params.branch }
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: base,
    summary: 'Delete a file (a new commit on the branch)',
    auth: 'required',
    params: deleteParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const project = await findProject(actor, params.id, 'push_code')
      await commitFiles(actor, project, {
        ...commitInput(params),
        actions: [{ action: 'delete', path: params.file_path }],
      })
      return noContent()
    },
  }),
}
