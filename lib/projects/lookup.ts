// Questions other domains ask about projects by path, without loading or authorizing one.
import { getDb } from '../db'

/** True when a project holds this full path (case-insensitive), whoever may see it. */
export async function projectPathTaken(fullPath: string): Promise<boolean> {
  return !!(await (await getDb()).project.findUnique({ where: { fullPathLower: fullPath.toLowerCase() }, select: { id: true } }))
}

/** True when a project at or below the namespace of `traversalIds` has one of `visibilities` (a group's visibility may not drop below it). */
export async function anyProjectBelowWithVisibility(traversalIds: string, visibilities: readonly string[]): Promise<boolean> {
  return !!(await (await getDb()).project.findFirst({ where: { traversalIds: { startsWith: traversalIds }, visibility: { in: [...visibilities] } }, select: { id: true } }))
}
