// A user's direct memberships across groups and projects (GET /users/:id/memberships, GitLab's
// Entities::Membership): one page of rows, then the sources' names in one query per kind.
import { offsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, type Prisma } from '../db'
import { namespacesByIds } from '../groups/namespaces'
import { projectsByIds } from '../projects/find'
import type { SourceType } from './rows'
import type { MembershipJson } from './schema'

export async function userMemberships(userId: number, type: SourceType | undefined, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.MemberWhereInput = { userId, ...(type ? { sourceType: type } : {}) }
  const { items: rows, total } = await offsetList(
    'member',
    where,
    window,
    db.member.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
  const ids = (kind: SourceType) => rows.filter((m) => m.sourceType === kind).map((m) => m.sourceId)
  const [groups, projects] = await Promise.all([namespacesByIds(ids('Namespace')), projectsByIds(ids('Project'))])
  const names = new Map<string, string>([
    ...groups.map((g) => [`Namespace:${g.id}`, g.name] as const),
    ...projects.map((p) => [`Project:${p.id}`, p.name] as const),
  ])
  const items = rows.map((m): MembershipJson => ({
    source_id: m.sourceId,
    source_name: names.get(`${m.sourceType}:${m.sourceId}`) ?? '',
    source_type: m.sourceType as SourceType,
    access_level: m.accessLevel,
  }))
  return offsetPage(items, total, window)
}
