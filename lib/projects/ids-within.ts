// Project ids a membership set reaches, as one query: listed projects, projects below group paths
// (traversal id prefixes) and a personal namespace's projects.
import { getDb, prefixRange, type Prisma } from '../db'

export interface ProjectReach {
  projectIds: number[]
  /** Traversal id prefixes of groups whose projects (subgroups included) count. */
  groupPaths: string[]
  personalNamespaceId: number | null
}

export async function projectIdsWithin(reach: ProjectReach): Promise<number[]> {
  const or: Prisma.ProjectWhereInput[] = [
    ...(reach.projectIds.length ? [{ id: { in: reach.projectIds } }] : []),
    ...reach.groupPaths.map((p) => ({ traversalIds: prefixRange(p) })),
    ...(reach.personalNamespaceId ? [{ namespaceId: reach.personalNamespaceId }] : []),
  ]
  if (!or.length) return []
  const rows = await (await getDb()).project.findMany({ where: { OR: or }, select: { id: true } })
  return rows.map((p) => p.id)
}
