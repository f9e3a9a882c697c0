// Project snippets: who may see which (project visibility, then the snippet's own: private ones
// only for members), create (Reporter+), change (the author or Maintainer+) and delete them.
// Every content change is a new immutable version written in the same transaction as the row.
import { conflict, forbidden, notFound, paramError } from '../api/errors'
import { offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findManyKept, findOneKept, getDb } from '../db'
import { userById, withUsers, type ListedUser } from '../users/find'
import type { Snippet } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { projectSubject } from '../projects/find'
import { setting } from '../settings/service'
import { applyActions, snippetError, type SnippetFile } from './files'
import { checkCreateShape, checkUpdateShape, validFilePath, type CreateParams, type UpdateParams } from './schema'
import { checkSize, draftVersion, headFiles, writeVersion } from './versions'
import { must } from '../util/defined'

export type SnippetWithAuthor = Snippet & { author: ListedUser }
type Visibility = 'private' | 'internal' | 'public'

/** The snippet visibilities the actor may read in a project they can already see. */
export async function readableVisibilities(actor: Actor | null, project: ProjectWithNamespace): Promise<Visibility[]> {
  if (await can(actor, 'read_snippet', projectSubject(project))) return ['private', 'internal', 'public']
  return actor && !actor.user.external ? ['internal', 'public'] : ['public']
}

export async function findSnippet(
  actor: Actor | null,
  project: ProjectWithNamespace,
  id: number,
): Promise<SnippetWithAuthor> {
  const snippet = await findOneKept('Snippet', 'id', id)
  const author = snippet && snippet.projectId === project.id ? await userById(snippet.authorId) : null
  if (!snippet || !author || !(await readableVisibilities(actor, project)).includes(snippet.visibility as Visibility))
    throw notFound('Snippet')
  return { ...snippet, author }
}

/** GitLab's SnippetsFinder order for a project: newest first. */
export async function listSnippets(actor: Actor | null, project: ProjectWithNamespace, window: PageWindow) {
  const where = { projectId: project.id, visibility: { in: await readableVisibilities(actor, project) } }
  // The page and its authors through prepared statements (Prisma's include is two queries of ≈ 200 µs).
  const { items: rows, total } = await offsetList(
    'snippet',
    where,
    window,
    findManyKept('Snippet', { where, orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
  )
  const items: SnippetWithAuthor[] = await withUsers(rows, (r) => r.authorId, 'author')
  return offsetPage(items, total, window)
}

export interface ClientInfo {
  userAgent: string | null
  ip: string | null
}

export async function createSnippet(
  actor: Actor,
  project: ProjectWithNamespace,
  params: Omit<CreateParams, 'id'>,
  client: ClientInfo,
): Promise<SnippetWithAuthor> {
  if (!(await can(actor, 'create_snippet', projectSubject(project)))) throw forbidden()
  checkCreateShape(params)
  if (params.file_name?.trim() && !validFilePath(params.file_name))
    throw paramError('file_name should be a valid file path')
  const actions = params.files
    ? params.files.map((f) => ({ action: 'create' as const, file_path: f.file_path, content: f.content }))
    : [{ action: 'create' as const, file_path: params.file_name, content: params.content }]
  const files = applyActions([], actions, 'creating')
  await checkSize(files)
  const visibility =
    params.visibility ?? (await setting<Visibility | undefined>('default_snippet_visibility')) ?? 'private'
  const message = 'Initial commit'
  const draft = draftVersion(files, null, actor.user, message)
  const db = await getDb()
  const id = await db.$transaction(async (tx) => {
    const row = await tx.snippet.create({
      data: {
        projectId: project.id,
        authorId: actor.user.id,
        title: params.title,
        description: params.description ?? '',
        visibility,
        headSha: draft.sha,
        userAgent: client.userAgent ?? '',
        ipAddress: client.ip ?? '',
      },
    })
    await writeVersion(tx, row.id, draft, actor.user.id, message)
    return row.id
  })
  return findSnippet(actor, project, id)
}

async function requireUpdate(actor: Actor, project: ProjectWithNamespace, snippet: Snippet) {
  const subject = projectSubject(project)
  const author = snippet.authorId === actor.user.id && (await can(actor, 'read_snippet', subject))
  if (!author && !(await can(actor, 'admin_snippet', subject))) throw forbidden()
}

/** The next files from the update's `files` actions or the legacy content/file_name pair. */
function nextFiles(current: SnippetFile[], params: UpdateParams): SnippetFile[] | null {
  if (params.files) return applyActions(current, params.files, 'updating')
  if (params.content === undefined && params.file_name === undefined) return null
  if (current.length > 1)
    throw snippetError('To update Snippets with multiple files, you must use the `files` parameter')
  if (params.file_name?.trim() && !validFilePath(params.file_name))
    throw paramError('file_name should be a valid file path')
  // applyActions never leaves a snippet without a file.
  const only = must(current[0], 'snippet file')
  const path = params.file_name?.trim() ? params.file_name : only.path
  return [{ path, content: params.content ?? only.content }]
}

export async function updateSnippet(
  actor: Actor,
  project: ProjectWithNamespace,
  snippet: SnippetWithAuthor,
  params: UpdateParams,
) {
  checkUpdateShape(params)
  await requireUpdate(actor, project, snippet)
  const files = nextFiles(await headFiles(snippet), params)
  if (files) await checkSize(files)
  const meta = {
    ...(params.title !== undefined ? { title: params.title } : {}),
    ...(params.description !== undefined ? { description: params.description } : {}),
    ...(params.visibility !== undefined ? { visibility: params.visibility } : {}),
  }
  const message = 'Update snippet'
  const draft = files ? draftVersion(files, snippet.headSha, actor.user, message) : null
  const db = await getDb()
  await db.$transaction(async (tx) => {
    // Compare-and-swap on the head: two concurrent edits must not both build on the same parent.
    const moved = await tx.snippet.updateMany({
      where: { id: snippet.id, headSha: snippet.headSha },
      data: {
        ...meta,
        updatedAt: new Date(),
        ...(draft && draft.sha !== snippet.headSha ? { headSha: draft.sha } : {}),
      },
    })
    if (moved.count !== 1) throw conflict('409 Conflict - the snippet was changed meanwhile; reload it and try again')
    if (draft && draft.sha !== snippet.headSha) await writeVersion(tx, snippet.id, draft, actor.user.id, message)
  })
  return findSnippet(actor, project, snippet.id)
}

export async function deleteSnippet(actor: Actor, project: ProjectWithNamespace, snippet: Snippet) {
  const subject = projectSubject(project)
  const author = snippet.authorId === actor.user.id && (await can(actor, 'read_snippet', subject))
  if (!author && !(await can(actor, 'admin_snippet', subject))) throw forbidden()
  const db = await getDb()
  // Versions and blobs go with it (cascades).
  await db.snippet.delete({ where: { id: snippet.id } })
}

/** Admin-only record of the creating request (GitLab's UserAgentDetail). */
export async function userAgentDetail(project: ProjectWithNamespace, id: number) {
  const db = await getDb()
  const snippet = await db.snippet.findFirst({ where: { id, projectId: project.id } })
  if (!snippet) throw notFound('Snippet')
  return {
    user_agent: snippet.userAgent,
    ip_address: snippet.ipAddress,
    spamfilter_submitted: snippet.spamfilterSubmitted,
  }
}
