// GitLab's namespaces API (lib/api/namespaces.rb): a user's own namespace and the groups they are a
// direct member of (administrators: every namespace), one namespace by id or full path, and whether
// a path is free under a parent (with GitLab's suggestion when it is not).
import { sqltag as sql, join } from '@prisma/client/runtime/client'
import { notFound } from '../api/errors'
import type { PageWindow } from '../api/pagination'
import { dbId } from '../api/param-types'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { getDb, inTreeOf } from '../db'
import type { Namespace } from '../db'
import { namespaceByFullPath, namespaceNameTaken, namespaceRow, namespacesPage } from '../groups/namespaces'
import { directGroupIdsOf } from '../members/rows'
import type { ExistsParams, ListNamespacesParams } from './schema'

export async function listNamespaces(actor: Actor, params: ListNamespacesParams, window: PageWindow) {
  // User#namespaces: the personal namespace plus groups of direct membership (owned_only: Owner).
  const forUser = actor.user.admin
    ? undefined
    : {
        userId: actor.user.id,
        groupIds: await directGroupIdsOf(actor.user.id, params.owned_only ? ACCESS.OWNER : undefined),
      }
  return namespacesPage(
    { forUser, topLevelOnly: params.top_level_only, search: params.search, fullPathSearch: params.full_path_search },
    window,
  )
}

/** find_namespace!: by id or full path; a group needs some access to it (direct, inherited or shared), a personal namespace its owner. */
export async function findNamespace(actor: Actor, id: string): Promise<Namespace> {
  const numeric = /^\d+$/.test(id) ? dbId(id) : null
  const ns = /^\d+$/.test(id) ? (numeric === null ? null : await namespaceRow(numeric)) : await namespaceByFullPath(id)
  if (!ns || !(await mayRead(actor, ns))) throw notFound('Namespace')
  return ns
}

async function mayRead(actor: Actor, ns: Namespace): Promise<boolean> {
  if (actor.user.admin) return true
  if (ns.kind === 'user') return ns.ownerId === actor.user.id
  return (
    (await accessLevel(actor, { type: 'group', id: ns.id, visibility: ns.visibility, traversalIds: ns.traversalIds })) >
    ACCESS.NO_ACCESS
  )
}

/** What the caller may see of each namespace's figures (GitLab's admin_group / admin_namespace / read_billing). */
export async function namespaceRights(
  actor: Actor,
  ns: Namespace,
): Promise<{ adminGroup: boolean; adminNamespace: boolean; readBilling: boolean; admin: boolean }> {
  const admin = actor.user.admin
  const owner =
    ns.kind === 'user'
      ? ns.ownerId === actor.user.id
      : admin ||
        (await accessLevel(actor, {
          type: 'group',
          id: ns.id,
          visibility: ns.visibility,
          traversalIds: ns.traversalIds,
        })) >= ACCESS.OWNER
  const may = admin || owner
  return { admin, adminGroup: ns.kind === 'group' && may, adminNamespace: may, readBilling: may }
}

export interface NamespaceFigures {
  projects: number
  members: number
  billable: number
}

// Rows of `alias` in the tree of namespace `n`.
const inTree = (alias: string) => inTreeOf(alias, 'n')

/**
 * Per namespace of a page, in three queries whatever the page size: projects in the tree, distinct
 * members of the group and its descendants (users_with_descendants), distinct non-bot members of
 * the tree's groups and projects (billable), from the traversal-id prefixes.
 */
export async function namespaceFigures(namespaces: Namespace[]): Promise<Map<number, NamespaceFigures>> {
  const out = new Map<number, NamespaceFigures>(
    namespaces.map((n) => [n.id, { projects: 0, members: 0, billable: n.kind === 'user' ? 1 : 0 }]),
  )
  if (!namespaces.length) return out
  const db = await getDb()
  const ids = join(namespaces.map((n) => sql`${n.id}`))
  const now = new Date()
  const live = sql`(m."expiresAt" IS NULL OR m."expiresAt" > ${now})`
  const [projects, members, billable] = await Promise.all([
    db.$queryRaw<
      { id: number | bigint; c: number | bigint }[]
    >(sql`SELECT n."id" AS id, COUNT(p."id") AS c FROM "Namespace" n
      JOIN "Project" p ON ${inTree('p')} WHERE n."id" IN (${ids}) GROUP BY n."id"`),
    db.$queryRaw<
      { id: number | bigint; c: number | bigint }[]
    >(sql`SELECT n."id" AS id, COUNT(DISTINCT m."userId") AS c FROM "Namespace" n
      JOIN "Namespace" d ON ${inTree('d')}
      JOIN "Member" m ON m."sourceType" = 'Namespace' AND m."sourceId" = d."id" AND ${live}
      WHERE n."id" IN (${ids}) AND n."kind" = 'group' GROUP BY n."id"`),
    db.$queryRaw<
      { id: number | bigint; c: number | bigint }[]
    >(sql`SELECT n."id" AS id, COUNT(DISTINCT m."userId") AS c FROM "Namespace" n
      JOIN "Member" m ON ${live} AND (
        (m."sourceType" = 'Namespace' AND m."sourceId" IN (SELECT d."id" FROM "Namespace" d WHERE ${inTree('d')}))
        OR (m."sourceType" = 'Project' AND m."sourceId" IN (SELECT p."id" FROM "Project" p WHERE ${inTree('p')})))
      JOIN "User" u ON u."id" = m."userId" AND u."bot" = ${false}
      WHERE n."id" IN (${ids}) GROUP BY n."id"`),
  ])
  for (const r of projects) out.get(Number(r.id))!.projects = Number(r.c)
  for (const r of members) out.get(Number(r.id))!.members = Number(r.c)
  // A personal namespace bills its owner at least (GitLab counts the owner and its projects' members).
  for (const r of billable) {
    const f = out.get(Number(r.id))!
    f.billable = Math.max(f.billable, Number(r.c))
  }
  return out
}

/** GET /namespaces/:id/exists: a namespace with this path under the parent (top level: no parent), and GitLab's clean_path suggestion. */
export async function pathExists(params: ExistsParams): Promise<{ exists: boolean; suggests: string[] }> {
  const parentId = params.parent_id ?? null
  const parent = parentId === null ? null : await namespaceRow(parentId)
  if (parentId !== null && !parent) return { exists: false, suggests: [] }
  const prefix = parent ? `${parent.fullPathLower}/` : ''
  const pathTaken = async (candidate: string) => !!(await namespaceByFullPath(`${prefix}${candidate}`))
  const nameTaken = (candidate: string) => namespaceNameTaken(parentId, candidate)
  if (!(await pathTaken(params.id))) return { exists: false, suggests: [] }
  // Namespace.clean_path: the slug, then slug1, slug2… until neither a path nor a name under the parent has it.
  const slug = slugify(params.id)
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? slug : `${slug}${n}`
    if (!(await pathTaken(candidate)) && !(await nameTaken(candidate))) return { exists: true, suggests: [candidate] }
  }
  return { exists: true, suggests: [] }
}

/** Gitlab::Slug::Path: lower case, runs of anything but letters, digits, `_`, `-`, `.` become `-`, no leading/trailing separators. */
function slugify(path: string): string {
  const s = path
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-_.]+|[-_.]+$/g, '')
  return s || 'namespace'
}
