// Branch and tag rules: git's ref-name rules, ref resolution (branch, tag or commit id), and
// GitLab's messages for each failure.
import { ApiError, notFound } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { containsInsensitive, getDb, uniqueAs, provider, type Prisma } from '../db'
import type { ListRefsParams } from './schema'
import type { RefWithCommit } from './entity'

export type RefKind = 'branch' | 'tag'

/** git check-ref-format, as far as a single name goes. */
export function validRefName(name: string): boolean {
  if (!name || name.length > 255 || name === '@' || name === 'HEAD') return false
  // eslint-disable-next-line no-control-regex -- git refuses control characters (and space, DEL) in ref names
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false
  if (
    name.startsWith('/') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name.includes('//') ||
    name.includes('..') ||
    name.includes('@{')
  )
    return false
  if (name.startsWith('-') || name.split('/').some((c) => c.startsWith('.') || c.endsWith('.lock'))) return false
  return true
}

/** A ref name, `refs/heads/x`, `refs/tags/x` or a commit id (full or at least 7 hex). */
export async function resolveRef(projectId: number, ref: string) {
  const db = await getDb()
  const byName = (kind: RefKind, name: string) =>
    db.repositoryRef.findUnique({
      where: { projectId_kind_name: { projectId, kind, name } },
      include: { commit: true },
    })
  if (ref.startsWith('refs/heads/')) return (await byName('branch', ref.slice(11)))?.commit ?? null
  if (ref.startsWith('refs/tags/')) return (await byName('tag', ref.slice(10)))?.commit ?? null
  const named = (await byName('branch', ref)) ?? (await byName('tag', ref))
  if (named) return named.commit
  if (/^[0-9a-f]{7,40}$/i.test(ref))
    return db.commit.findFirst({ where: { projectId, sha: { startsWith: ref.toLowerCase() } } })
  return null
}

export async function findRef(projectId: number, kind: RefKind, name: string): Promise<RefWithCommit | null> {
  const db = await getDb()
  return db.repositoryRef.findUnique({
    where: { projectId_kind_name: { projectId, kind, name } },
    include: { commit: true },
  })
}

/** The ref, or GitLab's `404 Branch Not Found` / `404 Tag Not Found`. */
export async function requireRef(projectId: number, kind: RefKind, name: string): Promise<RefWithCommit> {
  const ref = await findRef(projectId, kind, name)
  if (!ref) throw notFound(kind === 'branch' ? 'Branch' : 'Tag')
  return ref
}

const ORDER: Record<string, Prisma.RepositoryRefOrderByWithRelationInput[]> = {
  name_asc: [{ name: 'asc' }],
  name_desc: [{ name: 'desc' }],
  updated_asc: [{ createdAt: 'asc' }, { id: 'asc' }],
  updated_desc: [{ createdAt: 'desc' }, { id: 'desc' }],
}

/** Branches: `sort` names the order (default name_asc). Tags: order_by (default updated; version as name) + sort (default desc). */
function orderKey(kind: RefKind, params: ListRefsParams): string {
  if (kind === 'branch') return params.sort ?? 'name_asc'
  const { order_by, sort } = params as { order_by?: string; sort?: string }
  return `${!order_by || order_by === 'updated' ? 'updated' : 'name'}_${sort ?? 'desc'}`
}

export async function listRefs(projectId: number, kind: RefKind, params: ListRefsParams, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.RepositoryRefWhereInput = { projectId, kind }
  if (params.search) {
    // GitLab (GitRefsFinder): case-insensitive; ^term anchors at the start, term$ at the end, ^term$ is exact.
    const s = params.search
    const start = s.startsWith('^')
    const end = s.length > (start ? 1 : 0) && s.endsWith('$')
    const term = s.slice(start ? 1 : 0, end ? -1 : undefined)
    const op = start && end ? 'equals' : start ? 'startsWith' : end ? 'endsWith' : null
    where.name = op
      ? ((provider() === 'postgresql' ? { [op]: term, mode: 'insensitive' } : { [op]: term }) as Prisma.StringFilter)
      : containsInsensitive(term)
  }
  const sort = orderKey(kind, params)
  return offsetList(
    'repositoryRef',
    where,
    window,
    db.repositoryRef.findMany({
      where,
      orderBy: ORDER[sort],
      skip: window.skip,
      take: window.take,
      include: { commit: true },
    }),
  )
}

export async function createRef(
  projectId: number,
  kind: RefKind,
  name: string,
  ref: string,
  message?: string,
): Promise<RefWithCommit> {
  // GitLab's services answer with render_api_error!(message, 400): the message as is, no prefix.
  if (!validRefName(name))
    throw new ApiError(400, { message: kind === 'branch' ? 'Branch name is invalid' : 'Tag name invalid' })
  const exists = () =>
    new ApiError(400, { message: kind === 'branch' ? 'Branch already exists' : `Tag ${name} already exists` })
  // ValidateNewBranchService checks the name before the ref is resolved.
  if (kind === 'branch' && (await findRef(projectId, kind, name))) throw exists()
  const commit = await resolveRef(projectId, ref)
  if (!commit)
    throw new ApiError(400, {
      message: kind === 'branch' ? 'Invalid reference name: ' + ref : 'Target ' + ref + ' is invalid',
    })
  if (await findRef(projectId, kind, name)) throw exists()
  const db = await getDb()
  return await db.repositoryRef
    .create({
      data: { projectId, kind, name, commitId: commit.id, message: message ?? null },
      include: { commit: true },
    })
    .catch(uniqueAs(exists))
}

export async function deleteRef(ref: RefWithCommit): Promise<void> {
  const db = await getDb()
  await db.repositoryRef.delete({ where: { id: ref.id } })
}
