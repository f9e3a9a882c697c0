// Group lists: the entity plus what the caller asked for and may see (`statistics`,
// `with_custom_attributes`: administrators only, silently ignored for others as GitLab does).
import { withItems, type Page } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { attributesBySubject } from '../custom-attributes/service'
import type { Namespace } from '../db'
import { groupEntity } from './entity'
import { groupStatistics } from './statistics'

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
    page.items.map((g) => ({
      ...groupEntity(g),
      ...(statistics?.get(g.id) ?? {}),
      ...(attrs ? { custom_attributes: attrs.get(g.id) ?? [] } : {}),
    })),
  )
}
