import { dbId } from '../api/param-types'
// Resolves a project `:id` the actor may see (shared/reference §1.3): digits → id; otherwise only a
// value containing `/` is a full path (case-insensitive, following redirects → 301); else 404.
import { forbidden, moved, notFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can, type ProjectAbility, type ProjectSubject } from '../auth/policy'
import { findOneFast, generationCache, getDb, type Project } from '../db'
import { redirectTarget } from '../routes/service'
import { namespaceById, namespaceRow } from '../groups/namespaces'
import type { ProjectWithNamespace } from './entity'

export const projectSubject = (p: ProjectWithNamespace): ProjectSubject => ({
  type: 'project',
  id: p.id,
  visibility: p.visibility,
  traversalIds: p.traversalIds,
  namespace: { kind: p.namespace.kind, ownerId: p.namespace.ownerId },
})

// Rows by id, kept for the write generation: never served after a change, and a project read under
// load costs no query.
const rows = generationCache<number, Project | null>('projects.rows')
const projectById = (id: number) => rows.read(id, () => findOneFast('Project', 'id', id))

// Every project-scoped request starts here, so it reads through prepared statements (fast-read.ts).
async function load(id: string): Promise<ProjectWithNamespace | null> {
  const numeric = dbId(id)
  const project = /^\d+$/.test(id)
    ? numeric === null
      ? null
      : await projectById(numeric)
    : id.includes('/')
      ? await findOneFast('Project', 'fullPathLower', id.toLowerCase())
      : null
  if (!project) return null
  const namespace = await namespaceById(project.namespaceId)
  return namespace ? withNamespace(project, namespace) : null
}

// The row with its namespace, built once per pair of cached rows: copying a 40-column row costs
// ≈ 15 µs (V8 adds a spread copy's extra keys one slow store at a time). Shared like the rows
// themselves, so frozen outside production.
const joined = new WeakMap<Project, ProjectWithNamespace>()
function withNamespace(project: Project, namespace: ProjectWithNamespace['namespace']): ProjectWithNamespace {
  const hit = joined.get(project)
  if (hit?.namespace === namespace) return hit
  const row = Object.assign({}, project, { namespace })
  if (process.env.NODE_ENV !== 'production') Object.freeze(row)
  joined.set(project, row)
  return row
}

async function followRedirect(id: string): Promise<ProjectWithNamespace | null> {
  if (/^\d+$/.test(id) || !id.includes('/')) return null
  const db = await getDb()
  const target = await redirectTarget(db, id)
  if (!target) return null
  if (target.sourceType === 'Project' && !target.rest)
    return db.project.findUnique({ where: { id: target.sourceId }, include: { namespace: true } })
  if (target.sourceType === 'Namespace' && target.rest) {
    const ns = await namespaceRow(target.sourceId)
    if (ns)
      return db.project.findUnique({
        where: { fullPathLower: `${ns.fullPath}${target.rest}`.toLowerCase() },
        include: { namespace: true },
      })
  }
  return null
}

/** The project at a full path (no redirects, no access check), null when none. */
export const projectByFullPath = (fullPath: string): Promise<ProjectWithNamespace | null> =>
  fullPath.includes('/') ? load(fullPath) : Promise.resolve(null)

export async function findProject(
  actor: Actor | null,
  id: string,
  ability?: ProjectAbility,
): Promise<ProjectWithNamespace> {
  const project = await load(id)
  if (!project) {
    const renamed = await followRedirect(id)
    if (renamed && (await can(actor, 'read_project', projectSubject(renamed)))) throw moved(id, renamed.id, 'projects')
    throw notFound('Project')
  }
  if (!(await can(actor, 'read_project', projectSubject(project)))) throw notFound('Project')
  if (actor?.job && actor.job.projectId !== project.id) throw notFound('Project')
  if (ability && !(await can(actor, ability, projectSubject(project)))) throw forbidden()
  return project
}

/** A project row with its namespace by id, without a permission check (background tasks, other domains' joins). */
export async function projectRow(id: number): Promise<ProjectWithNamespace | null> {
  return (await getDb()).project.findUnique({ where: { id }, include: { namespace: true } })
}

/** Project rows with their namespaces for a set of ids, in no particular order; missing ids are skipped. */
export async function projectsByIds(ids: readonly number[]): Promise<ProjectWithNamespace[]> {
  if (!ids.length) return []
  return (await getDb()).project.findMany({ where: { id: { in: [...ids] } }, include: { namespace: true } })
}
