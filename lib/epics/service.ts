// A group's epics: create (iid from the group's counter, in one transaction), list (in the database,
// across the group's subtree), update and delete. Permission checks happen before these are called
// (find.ts, access.ts), except for a new parent, whose readability depends on the parent itself.
import { type OffsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { validation } from '../api/errors'
import type { Actor } from '../auth/actor'
import { containsInsensitive, getDb, type Epic, type Namespace, type Prisma } from '../db'
import { nextInternalId } from '../internal-ids/service'
import { namespacesByIds } from '../groups/namespaces'
import { namespaceIdsInTree } from '../groups/tree-ids'
import { epicRightsIn } from './access'
import { canReadEpic } from './find'
import type { CreateParams, ListParams, UpdateParams } from './schema'

const TITLE_MAX = 255
const DESCRIPTION_MAX = 1_048_576
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const PARENT_NOT_FOUND = 'No matching epic found. Make sure that you are adding a valid epic URL.'
const PARENT_OTHER_GROUP =
  'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.'
const PARENT_CYCLE = 'This epic cannot be added. It is already an ancestor of the parent epic.'

/** A Rails date cast: YYYY-MM-DD or a date-time's date part; anything else becomes nil. */
export function castDate(v: string | undefined): string | null | undefined {
  if (v === undefined) return undefined
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(v.trim())
  if (!m) return null
  const d = new Date(`${m[1]!}-${m[2]!}-${m[3]!}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== `${m[1]!}-${m[2]!}-${m[3]!}`
    ? null
    : `${m[1]!}-${m[2]!}-${m[3]!}`
}

const uniqueLabels = (names: readonly string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))]

type Fields = Omit<Partial<CreateParams>, 'id'>

/** Model validations (400 `{"message":{field:[…]}}`), as Epic's validates. */
function validateFields(f: Fields) {
  const errors: Record<string, string[]> = {}
  if (f.title !== undefined && !f.title.trim()) errors.title = ["can't be blank"]
  else if (f.title !== undefined && f.title.length > TITLE_MAX)
    errors.title = [`is too long (maximum is ${TITLE_MAX} characters)`]
  if (f.description !== undefined && f.description.length > DESCRIPTION_MAX)
    errors.description = [`is too long (maximum is ${DESCRIPTION_MAX} characters)`]
  if (f.color !== undefined && !COLOR.test(f.color)) errors.color = ['must be a valid color code']
  if (Object.keys(errors).length) throw validation(errors)
}

/** The column values the request sets (the `start_date`/`end_date` aliases included). */
function columns(f: Fields): Prisma.EpicUncheckedUpdateInput {
  const data: Prisma.EpicUncheckedUpdateInput = {}
  if (f.title !== undefined) data.title = f.title
  if (f.description !== undefined) data.description = f.description
  if (f.color !== undefined) data.color = f.color
  if (f.confidential !== undefined) data.confidential = f.confidential
  const start = castDate(f.start_date_fixed ?? f.start_date)
  if (start !== undefined) data.startDateFixed = start
  const due = castDate(f.due_date_fixed ?? f.end_date)
  if (due !== undefined) data.dueDateFixed = due
  if (f.start_date_is_fixed !== undefined) data.startDateIsFixed = f.start_date_is_fixed
  if (f.due_date_is_fixed !== undefined) data.dueDateIsFixed = f.due_date_is_fixed
  return data
}

/**
 * A parent epic the actor may read, in the child's group or an ancestor of it, and not the child
 * itself or one of its descendants (400 with GitLab's epic-link messages otherwise).
 */
async function checkParent(actor: Actor, group: Namespace, parentId: number, child: Epic | null): Promise<Epic> {
  const db = await getDb()
  const parent = await db.epic.findUnique({ where: { id: parentId } })
  const [parentGroup] = parent ? await namespacesByIds([parent.groupId]) : []
  const rights = parentGroup ? (await epicRightsIn(actor, [parentGroup])).get(parentGroup.id) : undefined
  if (!parent || !parentGroup || !rights || !canReadEpic(rights, parent)) throw validation({ base: [PARENT_NOT_FOUND] })
  if (!group.traversalIds.startsWith(parentGroup.traversalIds)) throw validation({ base: [PARENT_OTHER_GROUP] })
  if (child) {
    // Walk up from the new parent: meeting the child means the link would close a loop.
    let at: Epic | null = parent
    for (let depth = 0; at && depth < 100; depth++) {
      if (at.id === child.id) throw validation({ base: [PARENT_CYCLE] })
      at = at.parentId === null ? null : await db.epic.findUnique({ where: { id: at.parentId } })
    }
  }
  return parent
}

export async function createEpic(actor: Actor, group: Namespace, params: CreateParams): Promise<Epic> {
  validateFields(params)
  const parent = params.parent_id === undefined ? null : await checkParent(actor, group, params.parent_id, null)
  const labels = uniqueLabels(params.labels ?? [])
  const data = columns(params) as Prisma.EpicUncheckedCreateInput
  return (await getDb()).$transaction(async (tx) =>
    tx.epic.create({
      data: {
        ...data,
        title: params.title,
        groupId: group.id,
        iid: await nextInternalId(tx, 'epics', group.id),
        authorId: actor.user.id,
        parentId: parent?.id ?? null,
        labels: { create: labels.map((name) => ({ name })) },
      },
    }),
  )
}

export async function updateEpic(actor: Actor, group: Namespace, epic: Epic, params: UpdateParams): Promise<Epic> {
  validateFields(params)
  const data = columns(params)
  if (params.parent_id !== undefined) data.parentId = (await checkParent(actor, group, params.parent_id, epic)).id
  if (params.state_event === 'close' && epic.state !== 'closed')
    Object.assign(data, { state: 'closed', closedAt: new Date() })
  if (params.state_event === 'reopen' && epic.state !== 'opened')
    Object.assign(data, { state: 'opened', closedAt: null })
  const db = await getDb()
  return db.$transaction(async (tx) => {
    if (params.labels !== undefined) {
      await tx.epicLabel.deleteMany({ where: { epicId: epic.id } })
      await tx.epicLabel.createMany({ data: uniqueLabels(params.labels).map((name) => ({ epicId: epic.id, name })) })
    }
    const remove = uniqueLabels(params.remove_labels ?? [])
    if (remove.length) await tx.epicLabel.deleteMany({ where: { epicId: epic.id, name: { in: remove } } })
    const add = uniqueLabels(params.add_labels ?? [])
    if (add.length) {
      const have = new Set(
        (await tx.epicLabel.findMany({ where: { epicId: epic.id }, select: { name: true } })).map((l) => l.name),
      )
      const fresh = add.filter((n) => !have.has(n))
      if (fresh.length) await tx.epicLabel.createMany({ data: fresh.map((name) => ({ epicId: epic.id, name })) })
    }
    // A label-only change still counts as an update of the epic (GitLab touches updated_at).
    return tx.epic.update({ where: { id: epic.id }, data: { ...data, updatedAt: new Date() } })
  })
}

export async function deleteEpic(epic: Epic): Promise<void> {
  // Children keep existing without a parent (the relation's onDelete: SetNull), as in GitLab.
  await (await getDb()).epic.delete({ where: { id: epic.id } })
}

const ORDER_COLUMN = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title' } as const

/** The groups whose epics a list covers: the group, and by default every readable group below it. */
async function listedGroups(group: Namespace, descendants: boolean): Promise<Namespace[]> {
  if (!descendants) return [group]
  const ids = await namespaceIdsInTree(group)
  return (await namespacesByIds(ids)).filter((g) => g.kind === 'group')
}

export async function listEpics(
  actor: Actor | null,
  group: Namespace,
  params: ListParams,
  window: PageWindow,
): Promise<OffsetPage<Epic>> {
  const rights = await epicRightsIn(actor, await listedGroups(group, params.include_descendant_groups ?? true))
  const all: number[] = []
  const publicOnly: number[] = []
  for (const [id, r] of rights) {
    if (r.readConfidential) all.push(id)
    else if (r.read) publicOnly.push(id)
  }
  const and: Prisma.EpicWhereInput[] = [
    { OR: [{ groupId: { in: all } }, { groupId: { in: publicOnly }, confidential: false }] },
  ]
  if (params.state && params.state !== 'all') and.push({ state: params.state })
  if (params.author_id !== undefined) and.push({ authorId: params.author_id })
  if (params.confidential !== undefined) and.push({ confidential: params.confidential })
  if (params.search)
    and.push({
      OR: [{ title: containsInsensitive(params.search) }, { description: containsInsensitive(params.search) }],
    })
  for (const label of uniqueLabels(params.labels ?? [])) {
    // GitLab's special values: None (no labels at all) and Any (at least one).
    if (label.toLowerCase() === 'none') and.push({ labels: { none: {} } })
    else if (label.toLowerCase() === 'any') and.push({ labels: { some: {} } })
    else and.push({ labels: { some: { name: label } } })
  }
  const where: Prisma.EpicWhereInput = { AND: and }
  const dir = params.sort ?? 'desc'
  const column = ORDER_COLUMN[params.order_by ?? 'created_at']
  const db = await getDb()
  return offsetList(
    'epic',
    where,
    window,
    db.epic.findMany({ where, orderBy: [{ [column]: dir }, { id: dir }], skip: window.skip, take: window.take }),
  )
}
