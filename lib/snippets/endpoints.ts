// /projects/:id/snippets (GitLab's lib/api/project_snippets.rb) plus our /versions listing, which
// the console uses to show a snippet's history. Reads follow GitLab: the list needs a signed-in
// user, a single snippet and its raw files do not (public projects, public snippets).
import { endpoint } from '../api/endpoint'
import { p } from '../api/param-types'
import { mapPage } from '../api/pagination'
import { noContent, rawReply } from '../api/reply'
import type { Actor } from '../auth/actor'
import type { ProjectWithNamespace } from '../projects/entity'
import { findProject } from '../projects/find'
import { snippetEntity, snippetWebUrl, versionEntity } from './entity'
import { z } from 'zod'
import {
  createParams,
  listParams,
  rawFileParams,
  snippetIdParams,
  snippetSchema,
  snippetVersionSchema,
  updateParams,
  userAgentDetailSchema,
} from './schema'
import {
  createSnippet,
  deleteSnippet,
  findSnippet,
  updateSnippet,
  userAgentDetail,
  type SnippetWithAuthor,
} from './service'
import { listedSnippets } from './present'
import { fileAt, firstFile, headRefs, listVersions, oneVersion } from './versions'
import type { RequestHeaders } from '../api/request'

const base = '/projects/:id/snippets'
const one = `${base}/:snippet_id`

async function presentOne(row: SnippetWithAuthor, project: ProjectWithNamespace, viewer: Actor | null) {
  const refs = await headRefs([row])
  return snippetEntity(row, project.fullPath, refs.get(row.id) ?? [], viewer)
}

async function load(actor: Actor | null, params: { id: string; snippet_id: number }) {
  const project = await findProject(actor, params.id)
  return { project, snippet: await findSnippet(actor, project, params.snippet_id) }
}

/** send_git_blob's headers: inline, with the file's name. */
function rawFile(content: string, path: string) {
  const name = path.split('/').pop() ?? path
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return rawReply(200, content, 'text/plain; charset=utf-8', {
    'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  })
}

const clientIp = (ip: string | null, headers: RequestHeaders) =>
  ip ?? headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null

export const snippetEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'List project snippets',
    keep: true,
    auth: 'required',
    params: listParams,
    paginated: 'offset',
    response: { body: z.array(snippetSchema) },
    handler: async ({ actor, params, page }) => {
      return listedSnippets(actor, await findProject(actor, params.id), page)
    },
  }),
  show: endpoint({
    method: 'GET',
    path: one,
    summary: 'One project snippet',
    keep: true,
    auth: 'public',
    params: snippetIdParams,
    response: { body: snippetSchema },
    handler: async ({ actor, params }) => {
      const { project, snippet } = await load(actor, params)
      return presentOne(snippet, project, actor)
    },
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a project snippet (files[] or legacy content + file_name)',
    auth: 'required',
    params: createParams,
    response: { body: snippetSchema },
    handler: async ({ actor, params, request }) => {
      const project = await findProject(actor, params.id)
      const snippet = await createSnippet(actor, project, params, {
        userAgent: request.userAgent,
        ip: clientIp(request.ip, request.headers),
      })
      return presentOne(snippet, project, actor)
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: one,
    summary: 'Change a project snippet (file actions create/update/delete/move); content changes make a new version',
    auth: 'required',
    params: updateParams,
    response: { body: snippetSchema },
    handler: async ({ actor, params }) => {
      const { project, snippet } = await load(actor, params)
      return presentOne(await updateSnippet(actor, project, snippet, params), project, actor)
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: one,
    summary: 'Delete a project snippet',
    auth: 'required',
    params: snippetIdParams,
    response: { status: 204, body: null },
    handler: async ({ actor, params }) => {
      const { project, snippet } = await load(actor, params)
      await deleteSnippet(actor, project, snippet)
      return noContent()
    },
  }),
  raw: endpoint({
    method: 'GET',
    path: `${one}/raw`,
    summary: "The snippet's first file, raw",
    auth: 'public',
    params: snippetIdParams,
    response: { body: null },
    handler: async ({ actor, params }) => {
      const { snippet } = await load(actor, params)
      const file = await firstFile(snippet)
      return rawFile(file?.content ?? '', file?.path ?? '')
    },
  }),
  fileRaw: endpoint({
    method: 'GET',
    path: `${one}/files/:ref/:file_path/raw`,
    summary: 'A snippet file at a ref (main or a version id), raw',
    auth: 'public',
    params: rawFileParams,
    response: { body: null },
    handler: async ({ actor, params }) => {
      const { snippet } = await load(actor, params)
      return rawFile(await fileAt(snippet, params.ref, params.file_path), params.file_path)
    },
  }),
  versions: endpoint({
    method: 'GET',
    path: `${one}/versions`,
    summary: "A snippet's versions, newest first (extension: GitLab keeps them in the snippet's git repository)",
    auth: 'public',
    params: snippetIdParams,
    paginated: 'offset',
    response: { body: z.array(snippetVersionSchema) },
    handler: async ({ actor, params, page }) => {
      const { project, snippet } = await load(actor, params)
      const { page: versions, authors } = await listVersions(snippet.id, page)
      const web = snippetWebUrl(project.fullPath, snippet.id)
      return mapPage(versions, (v) => versionEntity(v, web, v.authorId ? authors.get(v.authorId) : undefined))
    },
  }),
  version: endpoint({
    method: 'GET',
    path: `${one}/versions/:ref`,
    summary: 'One snippet version (extension), by id or `main`',
    auth: 'public',
    params: snippetIdParams.extend({ ref: p.string() }),
    response: { body: snippetVersionSchema },
    handler: async ({ actor, params }) => {
      const { project, snippet } = await load(actor, params)
      const { version, author } = await oneVersion(snippet, params.ref)
      return versionEntity(version, snippetWebUrl(project.fullPath, snippet.id), author)
    },
  }),
  userAgentDetail: endpoint({
    method: 'GET',
    path: `${one}/user_agent_detail`,
    summary: 'User agent and IP of the request that created the snippet',
    auth: 'admin',
    params: snippetIdParams,
    response: { body: userAgentDetailSchema },
    handler: async ({ actor, params }) => userAgentDetail(await findProject(actor, params.id), params.snippet_id),
  }),
}
