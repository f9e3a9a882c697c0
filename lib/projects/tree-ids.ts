// Ids of the projects anywhere in a group's tree, for domains that scope by it (the Project table is
// lib/projects's). Only lib/db below, so any domain can call it.
import { getDb, prefixRange } from '../db'

export async function projectIdsInTree(root: { traversalIds: string }): Promise<number[]> {
  const rows = await (
    await getDb()
  ).project.findMany({ where: { traversalIds: prefixRange(root.traversalIds) }, select: { id: true } })
  return rows.map((p) => p.id)
}
