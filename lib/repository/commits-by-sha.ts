// Commit rows by (project, sha) pairs, for entities that show the commit of a pipeline or job.
import { getDb, type Commit } from '../db'

/** In no particular order; pairs without a stored commit are skipped. */
export async function commitsByProjectSha(keys: readonly { projectId: number; sha: string }[]): Promise<Commit[]> {
  if (!keys.length) return []
  return (await getDb()).commit.findMany({ where: { OR: [...keys] } })
}
