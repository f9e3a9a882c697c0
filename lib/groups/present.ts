// Group lists: the entity plus what the caller asked for and may see (`statistics`,
// `with_custom_attributes`: administrators only, silently ignored for others as GitLab does).
// Each group's entity JSON is cached as projects' are (lib/projects/present.ts, GitLab's
// `present_cached`): it depends on the row alone, so the key is its id, updatedAt (every write of
// the row moves it) and full path and name (an ancestor's rename rewrites them); nothing stale is
// served and no TTL is needed.
import { jsonObject, JsonMembers } from '../api/json-fragment'
import { withItems, type Page } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { attributesBySubject } from '../custom-attributes/service'
import type { Namespace } from '../db'
import { onForeignChange } from '../runtime/invalidation'
import { processState } from '../runtime/state'
import { groupEntity } from './entity'
import { groupStatistics } from './statistics'

const MAX_ENTRIES = 20_000
const groupJson = processState('groups.json', () => new Map<string, JsonMembers>())
// Never stale by its key; dropped when another process writes, which also bounds it.
onForeignChange('groups.json', () => groupJson.clear())

function entityMembers(g: Namespace): JsonMembers {
  const key = `${g.id}:${g.updatedAt.getTime()}:${g.fullPath}:${g.fullName}`
  let members = groupJson.get(key)
  if (!members) {
    members = JsonMembers.of(groupEntity(g))
    if (groupJson.size >= MAX_ENTRIES) groupJson.clear()
    groupJson.set(key, members)
  }
  return members
}

export async function presentGroups(actor: Actor | null, page: Page<Namespace>, opts: { statistics?: boolean; with_custom_attributes?: boolean }) {
  const admin = !!actor?.user.admin
  const [attrs, statistics] = await Promise.all([
    admin && opts.with_custom_attributes
      ? attributesBySubject(
          'Namespace',
          page.items.map((g) => g.id),
        )
      : null,
    admin && opts.statistics ? groupStatistics(page.items) : null,
  ])
  return withItems(
    page,
    page.items.map((g) => {
      const stats = statistics?.get(g.id)
      if (!stats && !attrs) return jsonObject(entityMembers(g))
      return jsonObject(entityMembers(g), (stats ?? {}) as Record<string, unknown>, attrs ? { custom_attributes: attrs.get(g.id) ?? [] } : {})
    }),
  )
}
