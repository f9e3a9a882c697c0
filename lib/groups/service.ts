// Groups: create (creator becomes Owner), list, subgroups, delete (the whole tree, in one transaction).
import { ApiError, forbidden, validation } from '../api/errors'
import { afterCursor, decodeCursor, encodeCursor, keysetOrder } from '../api/keyset'
import { keysetPage, offsetPage, type Page, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { memberGroupsWhere, visibleGroupsWhere } from '../auth/visibility-filters'
import { containsInsensitive, findManyKept, getDb, prefixRange, type Prisma, uniqueAs } from '../db'
import type { ManyArgs } from '../db/fast-read'
import type { Namespace } from '../db'
import { insertMembership } from '../members/rows'
import { claimPath, fullPathTaken, pathErrors } from '../routes/service'
import { mayCreateIn } from './abilities'
import { findGroup, groupSubject } from './find'
import { bySimilarity, extraGroupFilters } from './list-filters'
import { removeAvatarFile } from './avatar'
import { deleteNamespaceTreeIn } from './remove'
import { capVisibility, exceedsVisibility, type CreateGroupParams, type ListGroupsParams } from './schema'
import { setting } from '../settings/service'
import { visibilityRestriction } from '../settings/visibility'
import { depthOf } from '../util/traversal-ids'

// GitLab: render_api_error!("Failed to save group #{group.errors.messages}", 400), the text as is.
const pathTaken = () => new ApiError(400, { message: 'Failed to save group {:path=>["has already been taken"]}' })

/**
 * GitLab's authorize_create_group!: find_group!(parent_id) then authorize! :create_subgroup (404
 * unseen, 403 not allowed), or :create_group at the top level. The parent, if any.
 */
export async function authorizeGroupCreation(actor: Actor, parentId: number | undefined): Promise<Namespace | null> {
  const parent = parentId !== undefined ? await findGroup(actor, String(parentId), 'create_subgroup') : null
  if (parent && !(await mayCreateIn(actor, parent, 'subgroup'))) throw forbidden()
  if (!parent && !actor.user.admin && !actor.user.canCreateGroup) throw forbidden()
  return parent
}

/** `alsoInTx` writes what belongs with the new group (an import's upload and task) in its transaction. */
export async function createGroup(
  actor: Actor,
  input: CreateGroupParams,
  alsoInTx?: (tx: Prisma.TransactionClient, group: Namespace) => Promise<unknown>,
): Promise<Namespace> {
  const db = await getDb()
  const parent = await authorizeGroupCreation(actor, input.parent_id)
  // Unset: the instance default, capped at the parent's visibility (GitLab's closest allowed level).
  const visibility =
    input.visibility ?? capVisibility(await setting<string>('default_group_visibility'), parent?.visibility)
  const errors: Record<string, string[]> = {}
  if (!input.name.trim()) errors.name = ["can't be blank"]
  const pe = pathErrors(input.path, !parent)
  if (pe.length) errors.path = pe
  const restricted = await visibilityRestriction(actor, input.visibility)
  if (restricted) errors.visibility_level = [restricted]
  else if (parent && exceedsVisibility(visibility, parent.visibility))
    errors.visibility_level = [
      `${visibility} is not allowed since the visibility level of the parent group is ${parent.visibility}.`,
    ]
  if (Object.keys(errors).length) throw validation(errors)
  const fullPath = parent ? `${parent.fullPath}/${input.path}` : input.path
  const fullName = parent ? `${parent.fullName} / ${input.name}` : input.name
  return db
    .$transaction(async (tx) => {
      if (await fullPathTaken(tx, fullPath)) throw pathTaken()
      await claimPath(tx, fullPath)
      const created = await tx.namespace.create({
        data: {
          kind: 'group',
          name: input.name,
          path: input.path,
          fullPath,
          fullPathLower: fullPath.toLowerCase(),
          fullName,
          parentId: parent?.id ?? null,
          traversalIds: '',
          visibility,
          description: input.description ?? '',
        },
      })
      const traversalIds = `${parent?.traversalIds ?? ''}${created.id}/`
      await insertMembership(tx, {
        sourceType: 'Namespace',
        sourceId: created.id,
        userId: actor.user.id,
        accessLevel: ACCESS.OWNER,
        createdById: actor.user.id,
      })
      const group = await tx.namespace.update({ where: { id: created.id }, data: { traversalIds } })
      await alsoInTx?.(tx, group)
      return group
    })
    .catch(uniqueAs(pathTaken))
}

const ORDER: Record<string, string> = { name: 'name', path: 'path', id: 'id' }

/**
 * What a group list page reads of each row: the presenter takes the rest from its cache
 * (present.ts), and (kind, visibility, name, id) covers it, so the anonymous page reads no table row.
 */
const GROUP_KEY = ['id', 'name'] as const
export type GroupKey = { id: number; name: string }

function orderBy(params: { order_by?: string; sort?: 'asc' | 'desc' }): Prisma.NamespaceOrderByWithRelationInput[] {
  // similarity without `search` orders by name (GitLab); with it, similarityPage() pages instead.
  const field = ORDER[params.order_by ?? 'name'] ?? 'name'
  const dir = params.order_by === 'similarity' ? 'asc' : (params.sort ?? 'asc')
  return field === 'id' ? [{ id: dir }] : [{ [field]: dir }, { id: dir }]
}

export async function listGroups(
  actor: Actor | null,
  params: ListGroupsParams & { pagination?: string },
  window: PageWindow,
) {
  const and: Prisma.NamespaceWhereInput[] = [{ kind: 'group' }]
  if (params.skip_groups?.length) and.push({ id: { notIn: params.skip_groups } })
  const allAvailable = params.all_available ?? (!actor || actor.user.admin)
  if (params.owned && actor) and.push(await memberGroupsWhere(actor, ACCESS.OWNER))
  else if (params.min_access_level !== undefined && actor)
    and.push(await memberGroupsWhere(actor, params.min_access_level))
  else if (!allAvailable && actor) and.push(await memberGroupsWhere(actor))
  and.push(await visibleGroupsWhere(actor))
  if (params.top_level_only) and.push({ parentId: null })
  if (params.visibility) and.push({ visibility: params.visibility })
  if (params.search)
    and.push({ OR: [{ name: containsInsensitive(params.search) }, { path: containsInsensitive(params.search) }] })
  and.push(...(await extraGroupFilters(actor, params)))
  if (params.pagination === 'keyset') return keysetGroups(actor, and, params, window)
  const where = { AND: and }
  if (params.order_by === 'similarity' && params.search) return similarityPage(where, params.search, window)
  return offsetList(
    'namespace',
    where,
    window,
    findManyKept('Namespace', {
      select: GROUP_KEY,
      where,
      orderBy: orderBy(params) as ManyArgs['orderBy'],
      skip: window.skip,
      take: window.take,
    }),
  )
}

async function similarityPage(
  where: Prisma.NamespaceWhereInput,
  search: string,
  window: PageWindow,
): Promise<Page<GroupKey>> {
  const db = await getDb()
  const keys = bySimilarity(
    search,
    await db.namespace.findMany({ where, select: { id: true, name: true, path: true } }),
  )
  return offsetPage(
    keys.slice(window.skip, window.skip + window.take).map((k) => ({ id: k.id, name: k.name })),
    keys.length,
    window,
  )
}

/** The spec's keyset support for groups: unauthenticated callers, order_by=name, sort=asc. */
async function keysetGroups(
  actor: Actor | null,
  and: Prisma.NamespaceWhereInput[],
  params: ListGroupsParams,
  window: PageWindow,
) {
  if (actor || (params.order_by ?? 'name') !== 'name' || (params.sort ?? 'asc') !== 'asc')
    throw new ApiError(405, { error: 'Keyset pagination is not yet available for this type of request' })
  const cursor = params.cursor ? afterCursor('name', 'asc', decodeCursor(params.cursor)) : {}
  const rows = await findManyKept('Namespace', {
    select: GROUP_KEY,
    where: { AND: [...and, cursor] },
    orderBy: keysetOrder('name', 'asc'),
    take: window.perPage + 1,
  })
  const items = rows.slice(0, window.perPage)
  const last = items[items.length - 1]
  return keysetPage(items, rows.length > window.perPage && last ? { cursor: encodeCursor(last.name, last.id) } : null)
}

export async function listSubgroups(
  actor: Actor | null,
  parent: Namespace,
  params: ListGroupsParams,
  window: PageWindow,
) {
  const and: Prisma.NamespaceWhereInput[] = [{ parentId: parent.id }, await visibleGroupsWhere(actor)]
  if (params.skip_groups?.length) and.push({ id: { notIn: params.skip_groups } })
  if (params.search)
    and.push({ OR: [{ name: containsInsensitive(params.search) }, { path: containsInsensitive(params.search) }] })
  if (params.owned && actor) and.push(await memberGroupsWhere(actor, ACCESS.OWNER))
  if (params.min_access_level !== undefined && actor) and.push(await memberGroupsWhere(actor, params.min_access_level))
  and.push(...(await extraGroupFilters(actor, params)))
  const where = { AND: and }
  if (params.order_by === 'similarity' && params.search) return similarityPage(where, params.search, window)
  return offsetList(
    'namespace',
    where,
    window,
    findManyKept('Namespace', {
      select: GROUP_KEY,
      where,
      orderBy: orderBy(params) as ManyArgs['orderBy'],
      skip: window.skip,
      take: window.take,
    }),
  )
}

/** Deletes a group with its subgroups, projects, memberships and redirects, all or nothing. */
export async function deleteGroup(actor: Actor, group: Namespace): Promise<void> {
  if (!(await can(actor, 'remove_group', groupSubject(group)))) throw forbidden()
  const db = await getDb()
  const avatars = await db.$transaction((tx) => deleteNamespaceTreeIn(tx, group))
  // Files after the commit: a rolled-back delete must not lose avatars.
  for (const path of avatars) await removeAvatarFile(path)
}

/** A group and every group below it, parents before children (exports walk the tree this way). */
export async function groupTree(group: Namespace): Promise<Namespace[]> {
  const db = await getDb()
  const rows = await db.namespace.findMany({
    where: { kind: 'group', traversalIds: prefixRange(group.traversalIds) },
    orderBy: { id: 'asc' },
  })
  return rows.sort((a, b) => depthOf(a.traversalIds) - depthOf(b.traversalIds) || a.id - b.id)
}
