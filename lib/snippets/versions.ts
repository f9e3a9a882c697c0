// Snippet content as immutable versions: writing one (blobs stored once per content, a git-like
// commit id) and reading files back at a ref (`main`/`HEAD` = the head, or a version sha).
import { notFound } from '../api/errors'
import { offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { findManyKept, getDb, type Prisma } from '../db'
import type { Snippet, SnippetVersion } from '../db'
import { setting } from '../settings/service'
import { snippetError, sortFiles, type SnippetFile } from './files'
import { blobSha, byteSize, commitSha, humanSize, treeSha, type FileRef } from './git'
import { userById, usersByIds } from '../users/find'

export const DEFAULT_BRANCH = 'main'

export const versionFiles = (v: Pick<SnippetVersion, 'files'>) => JSON.parse(v.files) as FileRef[]

/** GitLab's Snippet content validation (bytesize against `snippet_size_limit`), over all files. */
export async function checkSize(files: readonly SnippetFile[]) {
  const limit = Number(await setting('snippet_size_limit'))
  const total = files.reduce((n, f) => n + byteSize(f.content), 0)
  if (total > limit)
    throw snippetError(`Content is too long (${humanSize(total)}). The maximum size is ${humanSize(limit)}.`)
}

export interface VersionDraft {
  sha: string
  parentSha: string | null
  refs: FileRef[]
  blobs: Map<string, string>
  at: Date
}

/** Computes the version (ids only); `write` stores it inside the caller's transaction. */
export function draftVersion(
  files: readonly SnippetFile[],
  parentSha: string | null,
  author: { name: string; email: string },
  message: string,
): VersionDraft {
  const blobs = new Map<string, string>()
  const refs = sortFiles(
    files.map((f) => {
      const sha = blobSha(f.content)
      blobs.set(sha, f.content)
      return { path: f.path, blob: sha }
    }),
  )
  const at = new Date()
  const sha = commitSha({
    tree: treeSha(refs),
    parent: parentSha,
    author: author.name,
    email: author.email,
    at,
    message,
  })
  return { sha, parentSha, refs, blobs, at }
}

export async function writeVersion(
  tx: Prisma.TransactionClient,
  snippetId: number,
  draft: VersionDraft,
  authorId: number,
  message: string,
) {
  const shas = [...draft.blobs.keys()]
  const existing = await tx.snippetBlob.findMany({ where: { snippetId, sha: { in: shas } }, select: { sha: true } })
  const have = new Set(existing.map((b) => b.sha))
  const missing = shas.filter((s) => !have.has(s))
  if (missing.length) {
    await tx.snippetBlob.createMany({
      data: missing.map((sha) => ({
        snippetId,
        sha,
        content: draft.blobs.get(sha)!,
        size: byteSize(draft.blobs.get(sha)!),
      })),
    })
  }
  await tx.snippetVersion.create({
    data: {
      snippetId,
      sha: draft.sha,
      parentSha: draft.parentSha,
      files: JSON.stringify(draft.refs),
      message,
      authorId,
      createdAt: draft.at,
    },
  })
}

/** The version a ref names: the default branch, HEAD, or a version id (full or ≥7-hex prefix). */
export async function versionAt(snippet: Pick<Snippet, 'id' | 'headSha'>, ref: string): Promise<SnippetVersion | null> {
  const db = await getDb()
  const sha = ref === DEFAULT_BRANCH || ref === 'HEAD' ? snippet.headSha : ref.toLowerCase()
  if (!/^[0-9a-f]{7,40}$/.test(sha)) return null
  if (sha.length === 40)
    return db.snippetVersion.findUnique({ where: { snippetId_sha: { snippetId: snippet.id, sha } } })
  const found = await db.snippetVersion.findMany({
    where: { snippetId: snippet.id, sha: { startsWith: sha } },
    take: 2,
  })
  return found.length === 1 ? found[0]! : null
}

/** Contents of a version's files, in its order. */
export async function filesOf(snippetId: number, version: Pick<SnippetVersion, 'files'>): Promise<SnippetFile[]> {
  const refs = versionFiles(version)
  const db = await getDb()
  const blobs = await db.snippetBlob.findMany({
    where: { snippetId, sha: { in: [...new Set(refs.map((r) => r.blob))] } },
  })
  const bySha = new Map(blobs.map((b) => [b.sha, b.content]))
  return refs.map((r) => ({ path: r.path, content: bySha.get(r.blob) ?? '' }))
}

export async function headFiles(snippet: Pick<Snippet, 'id' | 'headSha'>): Promise<SnippetFile[]> {
  const head = await versionAt(snippet, DEFAULT_BRANCH)
  return head ? filesOf(snippet.id, head) : []
}

/** One file's content at a ref; GitLab's 404s `Reference` and `File`. */
export async function fileAt(snippet: Pick<Snippet, 'id' | 'headSha'>, ref: string, path: string): Promise<string> {
  const version = await versionAt(snippet, ref)
  if (!version) throw notFound('Reference')
  const entry = versionFiles(version).find((f) => f.path === path)
  if (!entry) throw notFound('File')
  const db = await getDb()
  const blob = await db.snippetBlob.findUnique({ where: { snippetId_sha: { snippetId: snippet.id, sha: entry.blob } } })
  if (!blob) throw notFound('File')
  return blob.content
}

/** Head file lists of many snippets in one query (for list entities). */
export async function headRefs(rows: readonly Pick<Snippet, 'id' | 'headSha'>[]): Promise<Map<number, FileRef[]>> {
  if (!rows.length) return new Map()
  // A prepared statement over the (snippetId, sha) key: every snippet list and page asks.
  const heads = await findManyKept('SnippetVersion', {
    where: { OR: rows.map((r) => ({ snippetId: r.id, sha: r.headSha })) },
    orderBy: { id: 'asc' },
    take: rows.length,
  })
  return new Map(heads.map((v) => [v.snippetId, versionFiles(v)]))
}

/** The first file of the head (what `/raw` serves), or null for a snippet without files. */
export async function firstFile(snippet: Pick<Snippet, 'id' | 'headSha'>): Promise<SnippetFile | null> {
  const first = (await headRefs([snippet])).get(snippet.id)?.[0]
  return first ? { path: first.path, content: await fileAt(snippet, snippet.headSha, first.path) } : null
}

/** Versions newest first, with their authors (two queries plus the count). */
export async function listVersions(snippetId: number, window: PageWindow) {
  const db = await getDb()
  const where = { snippetId }
  const { items: rows, total } = await offsetList(
    'snippetVersion',
    where,
    window,
    db.snippetVersion.findMany({ where, orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
  )
  const ids = [...new Set(rows.map((r) => r.authorId).filter((x): x is number => x !== null))]
  const authors = await usersByIds(ids)
  return { page: offsetPage(rows, total, window), authors: new Map(authors.map((u) => [u.id, u])) }
}

/** One version by ref (`main` or a sha) with its author; GitLab's `404 Reference Not Found` otherwise. */
export async function oneVersion(snippet: Pick<Snippet, 'id' | 'headSha'>, ref: string) {
  const version = await versionAt(snippet, ref)
  if (!version) throw notFound('Reference')
  const author = version.authorId ? await userById(version.authorId) : null
  return { version, author: author ?? undefined }
}
