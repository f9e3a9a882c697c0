// Writes to a project's repository tables: blobs stored once per distinct content, commits, and
// branches. Each takes the caller's transaction client: a commit and the branch move that publishes
// it are one unit, and so are a new project and its initial commit.
import type { Commit, Prisma, RepositoryRef } from '../db'
import { blobSha, newCommitSha } from './commits'

export interface NewCommit {
  /** null: the first commit of its branch's history. */
  parentSha: string | null
  title: string
  message: string
  authorName: string
  authorEmail: string
  /** JSON [{path, blob}] sorted by path. */
  tree: string
}

/** Stores the commit's blobs (by sha; a content already stored stays as it is) and the commit. */
export async function storeCommit(
  tx: Prisma.TransactionClient,
  projectId: number,
  commit: NewCommit,
  blobs: ReadonlyMap<string, Buffer>,
): Promise<Commit> {
  for (const [sha, content] of blobs)
    await tx.projectBlob.upsert({
      where: { projectId_sha: { projectId, sha } },
      create: { projectId, sha, content: new Uint8Array(content), size: content.length },
      update: {},
    })
  return tx.commit.create({ data: { projectId, sha: newCommitSha(), ...commit } })
}

/** A new project's first commit on `branch`, holding `files`. The repository is empty: its blobs are created, not upserted. */
export async function initializeRepository(
  tx: Prisma.TransactionClient,
  projectId: number,
  branch: string,
  author: { name: string; email: string },
  message: string,
  files: readonly { path: string; content: Buffer }[],
): Promise<Commit> {
  const blobs = new Map(files.map((f) => [blobSha(f.content), f.content]))
  for (const [sha, content] of blobs)
    await tx.projectBlob.create({ data: { projectId, sha, content: new Uint8Array(content), size: content.length } })
  const tree = files
    .map((f) => ({ path: f.path, blob: blobSha(f.content) }))
    .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
  const [title = ''] = message.split('\n')
  const commit = await tx.commit.create({
    data: {
      projectId,
      sha: newCommitSha(),
      title,
      message,
      authorName: author.name,
      authorEmail: author.email,
      tree: JSON.stringify(tree),
    },
  })
  await createBranch(tx, projectId, branch, commit.id)
  return commit
}

export async function createBranch(
  tx: Prisma.TransactionClient,
  projectId: number,
  name: string,
  commitId: number,
): Promise<void> {
  await tx.repositoryRef.create({ data: { projectId, kind: 'branch', name, commitId } })
}

/** Compare-and-swap: moves the ref only if it still points at the commit the caller read; false when it moved meanwhile. */
export async function moveBranch(
  tx: Prisma.TransactionClient,
  ref: Pick<RepositoryRef, 'id' | 'commitId'>,
  commitId: number,
): Promise<boolean> {
  const moved = await tx.repositoryRef.updateMany({ where: { id: ref.id, commitId: ref.commitId }, data: { commitId } })
  return moved.count === 1
}

/**
 * Before projects' rows are deleted: a ref restricts the deletion of its commit, which the
 * project's cascade would otherwise attempt.
 */
export async function deleteProjectRefs(tx: Prisma.TransactionClient, projectIds: readonly number[]): Promise<void> {
  await tx.repositoryRef.deleteMany({ where: { projectId: { in: [...projectIds] } } })
}
