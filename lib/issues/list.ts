// GET /projects/:id/issues: filters, order and paging in SQL, offset or keyset (the spec's "Project
// issues" row: every order below, either direction). Confidential issues the caller may not read
// are filtered in the query, so pages and totals count only what is shown.
import { decodeCursor, encodeCursor, type Direction } from '../api/keyset'
import { keysetPage, type Page, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { containsInsensitive, getDb, type Prisma } from '../db'
import type { IssueAccess } from './access'
import type { IssueRow } from './find'
import type { IssueOrder, ListIssuesParams } from './schema'

const FIELD = {
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  title: 'title',
  id: 'id',
  weight: 'weight',
  due_date: 'dueDate',
  relative_position: 'relativePosition',
} as const satisfies Record<IssueOrder, keyof IssueRow>
/** Columns that may be null: GitLab sorts their nulls last in both directions. */
const NULLABLE = new Set<string>(['weight', 'dueDate', 'relativePosition'])

function orderBy(field: string, dir: Direction): Prisma.IssueOrderByWithRelationInput[] {
  if (field === 'id') return [{ id: dir }]
  const first = NULLABLE.has(field) ? { [field]: { sort: dir, nulls: 'last' } } : { [field]: dir }
  return [first, { id: dir }]
}

/** Rows strictly after the cursor's (value, id) in (field dir nulls last, id dir) order. */
function afterCursor(field: string, dir: Direction, cursor: { value: unknown; id: number }): Prisma.IssueWhereInput {
  const cmp = dir === 'asc' ? 'gt' : 'lt'
  if (field === 'id') return { id: { [cmp]: cursor.id } }
  if (cursor.value === null || cursor.value === undefined) return { [field]: null, id: { [cmp]: cursor.id } }
  const after: Prisma.IssueWhereInput[] = [
    { [field]: { [cmp]: cursor.value } },
    { [field]: cursor.value, id: { [cmp]: cursor.id } },
  ]
  if (NULLABLE.has(field)) after.push({ [field]: null })
  return { OR: after }
}

function filters(
  actor: Actor | null,
  projectId: number,
  access: IssueAccess,
  params: ListIssuesParams,
): Prisma.IssueWhereInput[] {
  const and: Prisma.IssueWhereInput[] = [{ projectId }]
  if (params.state && params.state !== 'all') and.push({ state: params.state })
  for (const label of new Set(params.labels ?? [])) {
    const key = label.toLowerCase()
    if (key === 'none') and.push({ labels: { none: {} } })
    else if (key === 'any') and.push({ labels: { some: {} } })
    else and.push({ labels: { some: { name: label } } })
  }
  if (params.search)
    and.push({
      OR: [{ title: containsInsensitive(params.search) }, { description: containsInsensitive(params.search) }],
    })
  if (params.iids) and.push({ iid: { in: params.iids } })
  if (params.author_id !== undefined) and.push({ authorId: params.author_id })
  if (params.assignee_id !== undefined) and.push({ assignees: { some: { userId: params.assignee_id } } })
  if (params.confidential !== undefined) and.push({ confidential: params.confidential })
  if (!access.planner) {
    const me = actor?.user.id
    and.push(
      me === undefined
        ? { confidential: false }
        : { OR: [{ confidential: false }, { authorId: me }, { assignees: { some: { userId: me } } }] },
    )
  }
  return and
}

export async function listIssues(
  actor: Actor | null,
  projectId: number,
  access: IssueAccess,
  params: ListIssuesParams & { pagination?: string },
  window: PageWindow,
): Promise<Page<IssueRow>> {
  const db = await getDb()
  const and = filters(actor, projectId, access, params)
  const field = FIELD[params.order_by ?? 'created_at']
  const dir = params.sort ?? 'desc'
  if (params.pagination === 'keyset') {
    if (params.cursor) and.push(afterCursor(field, dir, decodeCursor(params.cursor)))
    const rows = await db.issue.findMany({
      where: { AND: and },
      orderBy: orderBy(field, dir),
      take: window.perPage + 1,
    })
    const items = rows.slice(0, window.perPage)
    const last = items[items.length - 1]
    return keysetPage(
      items,
      rows.length > window.perPage && last ? { cursor: encodeCursor(last[field], last.id) } : null,
    )
  }
  const where = { AND: and }
  return offsetList(
    'issue',
    where,
    window,
    db.issue.findMany({ where, orderBy: orderBy(field, dir), skip: window.skip, take: window.take }),
  )
}
