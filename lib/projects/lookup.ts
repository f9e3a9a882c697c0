// Questions other domains ask about projects by path, without loading or authorizing one.
import { getDb, prefixRange } from '../db'

/** True when a project holds this full path (case-insensitive), whoever may see it. */
export async function projectPathTaken(fullPath: string): Promise<boolean> {
  return !!(await (
    await getDb()
  ).project.findUnique({ where: { fullPathLower: fullPath.toLowerCase() }, select: { id: true } }))
}

/** True when a project at or below the namespace of `traversalIds` has one of `visibilities` (a group's visibility may not drop below it). */
export async function anyProjectBelowWithVisibility(
  traversalIds: string,
  visibilities: readonly string[],
): Promise<boolean> {
  return !!(await (
    await getDb()
  ).project.findFirst({
    where: { traversalIds: prefixRange(traversalIds), visibility: { in: [...visibilities] } },
    select: { id: true },
  }))
}

/** Ids of the projects at or below a namespace whose container registry is not disabled (a group's registry list). */
export async function registryProjectIdsBelow(traversalIds: string): Promise<number[]> {
  const rows = await (
    await getDb()
  ).project.findMany({
    where: { traversalIds: prefixRange(traversalIds), containerRegistryAccessLevel: { not: 'disabled' } },
    select: { id: true },
  })
  return rows.map((r) => r.id)
}

/** The project holding the longest of these full paths (an image path names its project as a prefix). */
export async function projectByLongestPath(candidates: readonly string[]): Promise<number | null> {
  if (!candidates.length) return null
  const rows = await (
    await getDb()
  ).project.findMany({
    where: { fullPathLower: { in: candidates.map((c) => c.toLowerCase()) } },
    select: { id: true, fullPathLower: true },
  })
  rows.sort((a, b) => b.fullPathLower.length - a.fullPathLower.length)
  return rows[0]?.id ?? null
}

/** The projects at or below a namespace, with their namespaces (a group's issue search reads their access). */
export async function projectsBelow(traversalIds: string): Promise<import('./entity').ProjectWithNamespace[]> {
  return (await getDb()).project.findMany({
    where: { traversalIds: prefixRange(traversalIds) },
    include: { namespace: true },
    orderBy: { id: 'asc' },
  })
}
