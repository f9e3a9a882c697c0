// GET /groups filters beyond membership and visibility, and `order_by=similarity`.
import type { Actor } from '../auth/actor'
import { subjectsMatching } from '../custom-attributes/service'
import type { Prisma } from '../db'
import type { ListGroupsParams } from './schema'

export async function extraGroupFilters(
  actor: Actor | null,
  params: ListGroupsParams,
): Promise<Prisma.NamespaceWhereInput[]> {
  const and: Prisma.NamespaceWhereInput[] = []
  const admin = !!actor?.user.admin
  // active: neither archived nor marked for deletion; active=false: either of them.
  if (params.active === true) and.push({ archived: false, markedForDeletionOn: null })
  if (params.active === false) and.push({ OR: [{ archived: true }, { markedForDeletionOn: { not: null } }] })
  if (params.archived !== undefined) and.push({ archived: params.archived })
  if (params.marked_for_deletion_on) {
    const day = new Date(
      Date.UTC(
        params.marked_for_deletion_on.getUTCFullYear(),
        params.marked_for_deletion_on.getUTCMonth(),
        params.marked_for_deletion_on.getUTCDate(),
      ),
    )
    and.push({ markedForDeletionOn: { gte: day, lt: new Date(day.getTime() + 86_400_000) } })
  }
  // Every group lives on the one storage this product has, named 'default' like GitLab's.
  if (admin && params.repository_storage !== undefined && params.repository_storage !== 'default') and.push({ id: -1 })
  if (admin && params.custom_attributes && Object.keys(params.custom_attributes).length)
    and.push({ id: { in: await subjectsMatching('Namespace', params.custom_attributes) } })
  return and
}

/**
 * GitLab ranks `similarity` with pg_trgm. We rank without an extension, identically on SQLite and
 * PostgreSQL: exact name/path match first, then prefix matches, then the other matches, each by
 * name. The rank is not a column, so the matching rows' keys are ranked in memory and only the
 * requested page's rows are loaded; `search` already bounds the set.
 */
export function similarityRank(search: string, row: { name: string; path: string }): number {
  const q = search.toLowerCase()
  const name = row.name.toLowerCase()
  const path = row.path.toLowerCase()
  if (name === q || path === q) return 0
  if (name.startsWith(q) || path.startsWith(q)) return 1
  return 2
}

export function bySimilarity<T extends { id: number; name: string; path: string }>(search: string, rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      similarityRank(search, a) - similarityRank(search, b) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  )
}
