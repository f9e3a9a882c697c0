// Presents epics with a constant number of queries whatever their count: authors, labels, parents
// and groups are loaded in batches (four queries), then each row goes through the entity.
import { getDb, type Epic } from '../db'
import { namespacesByIds } from '../groups/namespaces'
import { usersByIds } from '../users/find'
import { epicEntity } from './entity'
import type { EpicJson } from './schema'

/**
 * JSON of `rows`, in their order. `fromGroupId` is the group the request names (references are
 * relative to it); by default each epic's own group.
 */
export async function presentEpics(rows: readonly Epic[], opts: { fromGroupId?: number } = {}): Promise<EpicJson[]> {
  if (!rows.length) return []
  const db = await getDb()
  const ids = rows.map((e) => e.id)
  const parentIds = [...new Set(rows.flatMap((e) => (e.parentId === null ? [] : [e.parentId])))]
  const authorIds = [...new Set(rows.flatMap((e) => (e.authorId === null ? [] : [e.authorId])))]
  const [authors, labels, parents] = await Promise.all([
    usersByIds(authorIds),
    db.epicLabel.findMany({ where: { epicId: { in: ids } } }),
    parentIds.length
      ? db.epic.findMany({ where: { id: { in: parentIds } }, select: { id: true, iid: true, groupId: true } })
      : Promise.resolve([]),
  ])
  const groups = await namespacesByIds([...new Set(rows.map((e) => e.groupId))])
  const authorById = new Map(authors.map((u) => [u.id, u]))
  const parentById = new Map(parents.map((p) => [p.id, p]))
  const groupById = new Map(groups.map((g) => [g.id, g]))
  const labelsOf = new Map<number, string[]>()
  for (const l of labels) labelsOf.set(l.epicId, [...(labelsOf.get(l.epicId) ?? []), l.name])
  return rows.map((e) =>
    epicEntity(e, {
      group: groupById.get(e.groupId) ?? { id: e.groupId, fullPath: String(e.groupId) },
      author: e.authorId === null ? null : (authorById.get(e.authorId) ?? null),
      labels: labelsOf.get(e.id) ?? [],
      parent: e.parentId === null ? null : (parentById.get(e.parentId) ?? null),
      fromGroupId: opts.fromGroupId ?? e.groupId,
    }),
  )
}

export async function presentEpic(row: Epic, opts: { fromGroupId?: number } = {}): Promise<EpicJson> {
  const [json] = await presentEpics([row], opts)
  if (!json) throw new Error('presentEpics returned nothing for one row')
  return json
}
