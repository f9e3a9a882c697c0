import { dbId } from '../api/param-types'
// Resolves a group `:id` (numeric id or full path) the actor may see; 404 otherwise, 301 for old paths.
import { forbidden, moved, notFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can, type GroupAbility, type GroupSubject } from '../auth/policy'
import { findOneFast, generationCache, getDb } from '../db'
import type { Namespace } from '../db'
import { redirectTarget } from '../routes/service'

export const groupSubject = (g: Namespace): GroupSubject => ({
  type: 'group',
  id: g.id,
  visibility: g.visibility,
  traversalIds: g.traversalIds,
})

// Every group-scoped request starts here: rows by `:id` as given (digits, or a full path in lower
// case) kept for the write generation, so a read under load costs no query.
const rows = generationCache<string, Namespace | null>('groups.rows')

export function loadGroup(id: string): Promise<Namespace | null> {
  const digits = /^\d+$/.test(id)
  const key = digits ? id : id.toLowerCase()
  return rows.read(key, async () => {
    const numeric = dbId(id)
    const row = digits
      ? numeric === null
        ? null
        : await findOneFast('Namespace', 'id', numeric)
      : await findOneFast('Namespace', 'fullPathLower', key)
    return row?.kind === 'group' ? row : null
  })
}

/**
 * A group the actor can read, then optionally checks a further ability (403 when the group is
 * visible but the ability is missing, as GitLab does).
 */
export async function findGroup(actor: Actor | null, id: string, ability?: GroupAbility): Promise<Namespace> {
  const group = await loadGroup(id)
  if (!group) {
    if (!/^\d+$/.test(id)) {
      const db = await getDb()
      const target = await redirectTarget(db, id)
      if (target?.sourceType === 'Namespace' && !target.rest) {
        const renamed = await db.namespace.findUnique({ where: { id: target.sourceId } })
        if (renamed?.kind === 'group' && (await can(actor, 'read_group', groupSubject(renamed))))
          throw moved(id, renamed.id, 'groups')
      }
    }
    throw notFound('Group')
  }
  if (!(await can(actor, 'read_group', groupSubject(group)))) throw notFound('Group')
  if (ability && !(await can(actor, ability, groupSubject(group)))) throw forbidden()
  return group
}
