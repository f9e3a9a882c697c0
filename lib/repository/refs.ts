// Branch and tag rules: git's ref-name rules, ref resolution (branch, tag or commit id), and
// GitLab's messages for each failure.
import { badRequest, ApiError } from '../api/errors'
import { cappedCount, offsetPage, type PageWindow } from '../api/pagination'
import { containsInsensitive, getDb, isUniqueViolation, type Prisma } from '../db'
import type { ListRefsParams } from './schema'
import type { RefWithCommit } from './entity'

export type RefKind = 'branch' | 'tag'

/** git check-ref-format, as far as a single name goes. */
export function validRefName(name: string): boolean {
  if (!name || name.length > 255 || name === '@' || name === 'HEAD') return false
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false
  if (name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.includes('//') || name.includes('..') || name.includes('@{')) return false
  if (name.startsWith('-') || name.split('/').some((c) => c.startsWith('.') || c.endsWith('.lock'))) return false
  return true
}

/** A ref name, `refs/heads/x`, `refs/tags/x` or a commit id (full or at least 7 hex). */
export async function resolveRef(projectId: number, ref: string) {
  const db = await getDb()
  const byName = (kind: RefKind, name: string) => db.repositoryRef.findUnique({ where: { projectId_kind_name: { projectId, kind, name } }, include: { commit: true } })
  if (ref.startsWith('refs/heads/')) return (await byName('branch', ref.slice(11)))?.commit ?? null
  if (ref.startsWith('refs/tags/')) return (await byName('tag', ref.slice(10)))?.commit ?? null
  const named = (await byName('branch', ref)) ?? (await byName('tag', ref))
  if (named) return named.commit
  if (/^[0-9a-f]{7,40}$/i.test(ref)) return db.commit.findFirst({ where: { projectId, sha: { startsWith: ref.toLowerCase() } } })
  return null
}

export async function findRef(projectId: number, kind: RefKind, name: string): Promise<RefWithCommit | null> {
  const db = await getDb()
  return db.repositoryRef.findUnique({ where: { projectId_kind_name: { projectId, kind, name } }, include: { commit: true } })
}

const ORDER: Record<string, Prisma.RepositoryRefOrderByWithRelationInput[]> = {
  name_asc: [{ name: 'asc' }],
  name_desc: [{ name: 'desc' }],
  updated_asc: [{ createdAt: 'asc' }, { id: 'asc' }],
  updated_desc: [{ createdAt: 'desc' }, { id: 'desc' }],
}

export async function listRefs(projectId: number, kind: RefKind, params: ListRefsParams, window: PageWindow) {
  const db = await getDb()
  const where: Prisma.RepositoryRefWhereInput = { projectId, kind }
  if (params.search) {
    // GitLab: ^term anchors at the start, term$ at the end.
    const s = params.search
    if (s.startsWith('^')) where.name = { startsWith: s.slice(1) }
    else if (s.endsWith('$')) where.name = { endsWith: s.slice(0, -1) }
    else where.name = containsInsensitive(s)
  }
  const sort = params.sort ?? (params.order_by === 'updated' ? 'updated_desc' : 'name_asc')
  const [rows, total] = await Promise.all([
    db.repositoryRef.findMany({ where, orderBy: ORDER[sort], skip: window.skip, take: window.take, include: { commit: true } }),
    cappedCount((take) => db.repositoryRef.count({ where, take })),
  ])
  return offsetPage(rows, total, window)
}

export async function createRef(projectId: number, kind: RefKind, name: string, ref: string, message?: string): Promise<RefWithCommit> {
  if (!validRefName(name)) throw badRequest(kind === 'branch' ? 'Branch name is invalid' : 'Tag name invalid')
  const commit = await resolveRef(projectId, ref)
  if (!commit) throw new ApiError(400, { message: kind === 'branch' ? 'Invalid reference name: ' + ref : 'Target ' + ref + ' is invalid' })
  const exists = () => new ApiError(400, { message: kind === 'branch' ? 'Branch already exists' : `Tag ${name} already exists` })
  if (await findRef(projectId, kind, name)) throw exists()
  const db = await getDb()
  try {
    return await db.repositoryRef.create({ data: { projectId, kind, name, commitId: commit.id, message: message ?? null }, include: { commit: true } })
  } catch (e) {
    if (isUniqueViolation(e)) throw exists()
    throw e
  }
}

export async function deleteRef(ref: RefWithCommit): Promise<void> {
  const db = await getDb()
  await db.repositoryRef.delete({ where: { id: ref.id } })
}
