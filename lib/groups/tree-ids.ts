// Ids of a namespace and every namespace below it, for domains that scope by a group's tree (the
// Namespace table is lib/groups's). Only lib/db below, so any domain can call it.
import { getDb, prefixRange } from '../db'

export async function namespaceIdsInTree(root: { traversalIds: string }): Promise<number[]> {
  const rows = await (
    await getDb()
  ).namespace.findMany({ where: { traversalIds: prefixRange(root.traversalIds) }, select: { id: true } })
  return rows.map((n) => n.id)
}
