// Custom attributes: admin-only key/value pairs on users, groups and projects (GitLab's
// CustomAttribute). One table, keyed by (subjectType, subjectId, key).
import { notFound } from '../api/errors'
import { getDb } from '../db'
import type { CustomAttributeJson } from './schema'

export type SubjectType = 'User' | 'Namespace' | 'Project'
export type { CustomAttributeJson }

const json = (a: { key: string; value: string }): CustomAttributeJson => ({ key: a.key, value: a.value })

export async function listAttributes(subjectType: SubjectType, subjectId: number): Promise<CustomAttributeJson[]> {
  const db = await getDb()
  return (await db.customAttribute.findMany({ where: { subjectType, subjectId }, orderBy: { key: 'asc' } })).map(json)
}

/** Attributes of many subjects in one query, for `with_custom_attributes` on lists. */
export async function attributesBySubject(
  subjectType: SubjectType,
  ids: number[],
): Promise<Map<number, CustomAttributeJson[]>> {
  const out = new Map<number, CustomAttributeJson[]>(ids.map((id) => [id, []]))
  if (!ids.length) return out
  const db = await getDb()
  const rows = await db.customAttribute.findMany({
    where: { subjectType, subjectId: { in: ids } },
    orderBy: [{ subjectId: 'asc' }, { key: 'asc' }],
  })
  for (const r of rows) out.get(r.subjectId)?.push(json(r))
  return out
}

export async function getAttribute(
  subjectType: SubjectType,
  subjectId: number,
  key: string,
): Promise<CustomAttributeJson> {
  const db = await getDb()
  const row = await db.customAttribute.findUnique({
    where: { subjectType_subjectId_key: { subjectType, subjectId, key } },
  })
  if (!row) throw notFound('Custom Attribute')
  return json(row)
}

export async function setAttribute(
  subjectType: SubjectType,
  subjectId: number,
  key: string,
  value: string,
): Promise<CustomAttributeJson> {
  const db = await getDb()
  const where = { subjectType_subjectId_key: { subjectType, subjectId, key } }
  return json(
    await db.customAttribute.upsert({ where, create: { subjectType, subjectId, key, value }, update: { value } }),
  )
}

export async function deleteAttribute(subjectType: SubjectType, subjectId: number, key: string): Promise<void> {
  const db = await getDb()
  const { count } = await db.customAttribute.deleteMany({ where: { subjectType, subjectId, key } })
  if (!count) throw notFound('Custom Attribute')
}

/**
 * Subjects having every `key=value` pair (GitLab's `custom_attributes[key]=value` filter): one
 * grouped query over the (subjectType, key, value) index, whatever the number of pairs.
 */
export async function subjectsMatching(subjectType: SubjectType, pairs: Record<string, string>): Promise<number[]> {
  const entries = Object.entries(pairs)
  if (!entries.length) return []
  const db = await getDb()
  const rows = await db.customAttribute.groupBy({
    by: ['subjectId'],
    where: { subjectType, OR: entries.map(([key, value]) => ({ key, value })) },
    having: { subjectId: { _count: { equals: entries.length } } },
  })
  return rows.map((r) => r.subjectId)
}
