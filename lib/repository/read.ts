// Reads of a project's repository objects by id: the files API walks commits and loads blobs.
import { getDb } from '../db'
import type { Commit, ProjectBlob } from '../db'

export async function findBlob(projectId: number, sha: string): Promise<ProjectBlob | null> {
  return (await getDb()).projectBlob.findUnique({ where: { projectId_sha: { projectId, sha } } })
}

/** A commit by its full id. */
export async function findCommit(projectId: number, sha: string): Promise<Commit | null> {
  return (await getDb()).commit.findUnique({ where: { projectId_sha: { projectId, sha } } })
}

/** True while the repository has no branch or tag (it takes its first commit on any branch). */
export async function isEmptyRepository(projectId: number): Promise<boolean> {
  return !(await (await getDb()).repositoryRef.findFirst({ where: { projectId } }))
}
