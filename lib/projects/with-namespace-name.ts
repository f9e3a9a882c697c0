// Project rows with only their namespace's full name: enough for GitLab's `name_with_namespace`
// in embedded project summaries without reading the whole namespace.
import { getDb, type Project } from '../db'

export type ProjectWithNamespaceName = Project & { namespace: { fullName: string } }

/** For a set of ids, in no particular order; missing ids are skipped. */
export async function projectsWithNamespaceName(ids: readonly number[]): Promise<ProjectWithNamespaceName[]> {
  if (!ids.length) return []
  return (await getDb()).project.findMany({
    where: { id: { in: [...ids] } },
    include: { namespace: { select: { fullName: true } } },
  })
}
