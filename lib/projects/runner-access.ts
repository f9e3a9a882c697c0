// What decides which runners may take a project's jobs besides the runner's own settings: instance
// runners need shared runners enabled, group runners a project below their group.
import { getDb } from '../db'

export type ProjectRunnerAccess = { id: number; sharedRunnersEnabled: boolean; traversalIds: string }

/** For a set of project ids, in no particular order; missing ids are skipped. */
export async function projectsRunnerAccess(ids: readonly number[]): Promise<ProjectRunnerAccess[]> {
  return (await getDb()).project.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, sharedRunnersEnabled: true, traversalIds: true },
  })
}
