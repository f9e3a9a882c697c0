// Files in a project's repository (GitLab's lib/api/files.rb). The product hosts no git data, so a
// commit's files are its `tree` (JSON [{path, blob}] sorted by path) over ProjectBlob rows stored
// once per distinct content. Every write is a new commit on the branch; the branch moves by
// compare-and-swap on its commit, so two writes racing on one branch cannot lose one (409).
import { ApiError, conflict, isApiError, notFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { getDb, type Prisma } from '../db'
import type { Commit } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { callerFor, mayCreateProtected, rulesFor } from '../protected-branches/service'
import { recordProjectActivity } from '../projects/touch'
import { blobSha } from '../repository/commits'
import { findBlob, findCommit, isEmptyRepository } from '../repository/read'
import { findRef, resolveRef } from '../repository/refs'
import { createBranch, moveBranch, storeCommit } from '../repository/write'

/** GitLab's files API answers a refused commit with `render_api_error!(message, 400)`: no prefix. */
const fileError = (message: string) => new ApiError(400, { message })

export interface TreeEntry {
  path: string
  blob: string
}

export const treeOf = (commit: Pick<Commit, 'tree'>): TreeEntry[] => {
  try {
    return JSON.parse(commit.tree) as TreeEntry[]
  } catch {
    return []
  }
}

export interface FileAtRef {
  path: string
  content: Buffer
  blobId: string
  commit: Commit
  /** The newest commit (walking parents) that changed this file. */
  lastCommitId: string
}

/** A file of the repository at a branch, tag or commit id, or null. */
export async function readFileAtRef(projectId: number, ref: string, path: string): Promise<FileAtRef | null> {
  const commit = await resolveRef(projectId, ref)
  if (!commit) return null
  const entry = treeOf(commit).find((e) => e.path === path)
  if (!entry) return null
  const blob = await findBlob(projectId, entry.blob)
  if (!blob) return null
  return {
    path,
    content: Buffer.from(blob.content),
    blobId: entry.blob,
    commit,
    lastCommitId: await lastCommitFor(projectId, commit, path, entry.blob),
  }
}

/** Walks parents while the file is unchanged (bounded: repositories here are small histories). */
async function lastCommitFor(projectId: number, commit: Commit, path: string, blob: string): Promise<string> {
  let current = commit
  for (let i = 0; i < 100 && current.parentSha; i++) {
    const parent = await findCommit(projectId, current.parentSha)
    if (!parent || treeOf(parent).find((e) => e.path === path)?.blob !== blob) break
    current = parent
  }
  return current.sha
}

export type FileAction =
  { action: 'create' | 'update'; path: string; content: Buffer } | { action: 'delete'; path: string }

export interface CommitInput {
  branch: string
  startBranch?: string
  message: string
  authorName?: string
  authorEmail?: string
  actions: FileAction[]
  /** update: the caller's idea of the file's last commit (GitLab's optimistic lock). */
  lastCommitId?: string
}

/** The push check of GitLab's Files::BaseService: Developer+ and the branch's protection rules. */
async function assertCanPush(actor: Actor, project: ProjectWithNamespace, branch: string) {
  const rules = await rulesFor(project.id)
  if (!mayCreateProtected(rules, branch, await callerFor(actor, project)))
    throw fileError('You are not allowed to push into this branch')
}

/** Applies file actions as one new commit on `branch` (created from `startBranch` when absent). */
export async function commitFiles(
  actor: Actor,
  project: ProjectWithNamespace,
  input: CommitInput,
  tx?: Prisma.TransactionClient,
): Promise<Commit> {
  await assertCanPush(actor, project, input.branch)
  const existing = await findRef(project.id, 'branch', input.branch)
  let base: Commit | null = existing?.commit ?? null
  if (!existing) {
    if (input.startBranch) {
      const start = await findRef(project.id, 'branch', input.startBranch)
      if (!start) throw fileError(`Invalid start branch: ${input.startBranch}`)
      base = start.commit
    } else {
      // An empty repository takes its first commit on any branch; otherwise the branch must exist.
      if (!(await isEmptyRepository(project.id)))
        throw fileError('You can only create or edit files when you are on a branch')
    }
  }
  const files = new Map(base ? treeOf(base).map((e) => [e.path, e.blob]) : [])
  const blobs = new Map<string, Buffer>()
  for (const a of input.actions) {
    const has = files.has(a.path)
    if (a.action === 'create' && has) throw fileError('A file with this name already exists')
    if (a.action !== 'create' && !has) throw fileError("A file with this name doesn't exist")
    if (a.action === 'update' && input.lastCommitId && base) {
      const current = await lastCommitFor(project.id, base, a.path, files.get(a.path)!)
      if (current !== input.lastCommitId)
        throw fileError('You are attempting to update a file that has changed since you started editing it.')
    }
    if (a.action === 'delete') files.delete(a.path)
    else {
      const sha = blobSha(a.content)
      blobs.set(sha, a.content)
      files.set(a.path, sha)
    }
  }
  const tree = JSON.stringify(
    [...files].map(([path, blob]) => ({ path, blob })).sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0)),
  )
  const [title = ''] = input.message.split('\n')
  const write = async (t: Prisma.TransactionClient) => {
    const commit = await storeCommit(
      t,
      project.id,
      {
        parentSha: base?.sha ?? null,
        title,
        message: input.message,
        authorName: input.authorName ?? actor.user.name,
        authorEmail: input.authorEmail ?? actor.user.email,
        tree,
      },
      blobs,
    )
    if (existing) {
      if (!(await moveBranch(t, existing, commit.id)))
        throw conflict('Could not update the branch: it moved meanwhile. Try again.')
    } else {
      await createBranch(t, project.id, input.branch, commit.id)
    }
    await recordProjectActivity(t, project.id)
    return commit
  }
  try {
    return tx ? await write(tx) : await (await getDb()).$transaction(write)
  } catch (e) {
    if (isApiError(e)) throw e
    if ((e as { code?: string } | null)?.code === 'P2002')
      throw conflict('Could not update the branch: it moved meanwhile. Try again.')
    throw e
  }
}

export function requireFile<T>(file: T | null): T {
  if (!file) throw notFound('File')
  return file
}
