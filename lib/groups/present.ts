// Group lists: the entity plus what the caller asked for and may see (`statistics`,
// `with_custom_attributes`: administrators only, silently ignored for others as GitLab does).
// A list page reads only its rows' keys (service.ts GROUP_KEY); each group's entity JSON is kept
// for the write generation (lib/db/generation-cache.ts), as GitLab's `present_cached` keeps
// projects': any write moves the generation, so nothing stale is served. Misses load their rows in
// one query.
import { jsonObject, JsonMembers } from '../api/json-fragment'
import { withItems, type Page } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { attributesBySubject } from '../custom-attributes/service'
import { findManyFast, generationCache, writeGeneration, type Namespace } from '../db'
import { groupEntity } from './entity'
import { groupStatistics } from './statistics'

const groupJson = generationCache<number, JsonMembers>('groups.json')

/** Namespace rows by id, in no particular order; missing ids are skipped. */
const groupRows = (ids: number[]) =>
  findManyFast('Namespace', { where: { id: { in: ids } }, orderBy: { id: 'asc' }, take: ids.length })

/** The entity JSON of each group that still exists, by id. */
async function entityMembers(ids: number[]): Promise<Map<number, JsonMembers>> {
  const generation = writeGeneration()
  const out = new Map<number, JsonMembers>()
  const missing: number[] = []
  for (const id of ids) {
    const hit = groupJson.get(id)
    if (hit) out.set(id, hit)
    else missing.push(id)
  }
  if (missing.length)
    for (const g of await groupRows(missing)) {
      const members = JsonMembers.of(groupEntity(g))
      groupJson.set(generation, g.id, members)
      out.set(g.id, members)
    }
  return out
}

export async function presentGroups(
  actor: Actor | null,
  page: Page<{ id: number }>,
  opts: { statistics?: boolean; with_custom_attributes?: boolean },
) {
  const admin = !!actor?.user.admin
  const ids = page.items.map((g) => g.id)
  const [members, attrs, statistics] = await Promise.all([
    entityMembers(ids),
    admin && opts.with_custom_attributes ? attributesBySubject('Namespace', ids) : null,
    admin && opts.statistics ? groupRows(ids).then((rows: Namespace[]) => groupStatistics(rows)) : null,
  ])
  return withItems(
    page,
    // A group deleted between the page's read and this one is left out.
    ids.flatMap((id) => {
      const entity = members.get(id)
      if (!entity) return []
      const stats = statistics?.get(id)
      if (!stats && !attrs) return [jsonObject(entity)]
      return [
        jsonObject(
          entity,
          (stats ?? {}) as Record<string, unknown>,
          attrs ? { custom_attributes: attrs.get(id) ?? [] } : {},
        ),
      ]
    }),
  )
}
