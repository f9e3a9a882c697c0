// ContainerRepository rows: GitLab keeps one per image path a project has pushed to (created on the
// push grant of /jwt/auth); tags are never stored, the registry has them.
import { recordNotFound } from '../api/errors'
import { offsetPage, type OffsetPage, type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, isUniqueViolation, type ContainerRepository } from '../db'

export type RepositoryStatus = 'delete_scheduled' | 'delete_ongoing' | 'delete_failed'

/** The image path of a repository: the project's full path, then its name, downcased (GitLab's ContainerRepository#path). */
export const imagePath = (projectFullPath: string, name: string) =>
  (name ? `${projectFullPath}/${name}` : projectFullPath).toLowerCase()

export async function listRepositories(
  projectIds: readonly number[],
  window: PageWindow,
  filter?: { name?: string },
): Promise<OffsetPage<ContainerRepository>> {
  if (!projectIds.length) return offsetPage([], 0, window)
  const db = await getDb()
  const where = { projectId: { in: [...projectIds] }, ...(filter?.name ? { name: { contains: filter.name } } : {}) }
  return offsetList(
    'containerRepository',
    where,
    window,
    db.containerRepository.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

/** A repository by id (any project: GET /registry/repositories/:id checks its project after). */
export async function repositoryById(id: number): Promise<ContainerRepository | null> {
  return (await getDb()).containerRepository.findUnique({ where: { id } })
}

/** A repository of this project, else GitLab's `404 Not found`. */
export async function findRepository(projectId: number, id: number): Promise<ContainerRepository> {
  const repo = await (await getDb()).containerRepository.findFirst({ where: { id, projectId } })
  if (!repo) throw recordNotFound()
  return repo
}

/** The row of an image path, created on first push (concurrent pushes share one row). */
export async function findOrCreateRepository(projectId: number, name: string): Promise<ContainerRepository> {
  const db = await getDb()
  const existing = await db.containerRepository.findUnique({ where: { projectId_name: { projectId, name } } })
  if (existing) return existing
  try {
    return await db.containerRepository.create({ data: { projectId, name } })
  } catch (e) {
    if (!isUniqueViolation(e)) throw e
    return db.containerRepository.findUniqueOrThrow({ where: { projectId_name: { projectId, name } } })
  }
}

export async function setRepositoryStatus(id: number, status: RepositoryStatus | null): Promise<void> {
  await (await getDb()).containerRepository.updateMany({ where: { id }, data: { status } })
}

export async function removeRepository(id: number): Promise<void> {
  await (await getDb()).containerRepository.deleteMany({ where: { id } })
}

/**
 * Takes the repository's hourly bulk-deletion slot (GitLab's exclusive lease): one conditional
 * UPDATE, so of concurrent calls in any number of processes exactly one wins.
 */
export async function claimCleanupSlot(id: number, periodMs: number, now = new Date()): Promise<boolean> {
  const { count } = await (
    await getDb()
  ).containerRepository.updateMany({
    where: {
      id,
      OR: [{ cleanupRequestedAt: null }, { cleanupRequestedAt: { lte: new Date(now.getTime() - periodMs) } }],
    },
    data: { cleanupRequestedAt: now },
  })
  return count === 1
}

/** Gives the slot back when the bulk deletion could not be scheduled after all. */
export async function releaseCleanupSlot(id: number, claimedAt: Date): Promise<void> {
  await (
    await getDb()
  ).containerRepository.updateMany({ where: { id, cleanupRequestedAt: claimedAt }, data: { cleanupRequestedAt: null } })
}
