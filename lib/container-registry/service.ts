// The registry API's operations: present repositories, read and delete tags, schedule repository
// deletion and bulk tag deletion on the durable queue.
import { z } from 'zod'
import { ApiError, forbidden, notFound, recordNotFound } from '../api/errors'
import type { Actor } from '../auth/actor'
import { publicUser } from '../auth/authenticate'
import { accessLevel, can } from '../auth/policy'
import { config } from '../config'
import type { ContainerRepository } from '../db'
import { projectRow, projectSubject, projectsByIds } from '../projects/find'
import type { ProjectWithNamespace } from '../projects/entity'
import { taskEntity } from '../queue/entity'
import type { QueuedTaskJson } from '../queue/schema'
import { enqueue, latestTaskWithKey } from '../queue/store'
import { defineTask } from '../queue/tasks'
import { crashPoint } from '../runtime/crash-point'
import { deleteProtectedMatcher } from '../registry-protection/service'
import { setting } from '../settings/service'
import { userById } from '../users/find'
import { canRegistry } from './access'
import { decideCleanup, type CleanupRules } from './cleanup'
import { RegistryError, forgetTags, registryConfigured } from './client'
import {
  claimCleanupSlot,
  imagePath,
  releaseCleanupSlot,
  removeRepository,
  repositoryById,
  setRepositoryStatus,
} from './repositories'
import type { CleanupDecisionJson, RepositoryJson } from './schema'
import { allTags, deleteTags, tagInfo, tagJson, type TagInfo } from './tags'

export const CLEANUP_PERIOD_MS = 3600_000

export interface PresentOptions {
  tags?: boolean
  tagsCount?: boolean
  /** Shows delete_api_path (GitLab: only to those who may administer the registry). */
  canAdmin?: boolean
}

export async function presentRepository(
  repo: ContainerRepository,
  project: ProjectWithNamespace,
  opts: PresentOptions = {},
): Promise<RepositoryJson> {
  const path = imagePath(project.fullPath, repo.name)
  const host = config().registryHost ?? config().externalHost
  const json: RepositoryJson = {
    id: repo.id,
    name: repo.name,
    path,
    project_id: repo.projectId,
    location: `${host}/${path}`,
    created_at: repo.createdAt.toISOString(),
    cleanup_policy_started_at: repo.expirationPolicyStartedAt ? repo.expirationPolicyStartedAt.toISOString() : null,
    status: (repo.status as RepositoryJson['status']) ?? null,
  }
  if (opts.tagsCount || opts.tags) {
    const names = await allTags(path)
    if (opts.tagsCount) json.tags_count = names.length
    if (opts.tags) json.tags = names.map((n) => tagJson(path, n))
  }
  if (opts.canAdmin)
    json.delete_api_path = `${config().externalUrl}/api/v4/projects/${project.id}/registry/repositories/${repo.id}`
  return json
}

/** Repositories of several projects (a group's list), each with its own project. */
export async function presentRepositories(
  repos: ContainerRepository[],
  actor: Actor | null,
): Promise<RepositoryJson[]> {
  const projects = new Map((await projectsByIds([...new Set(repos.map((r) => r.projectId))])).map((p) => [p.id, p]))
  return Promise.all(
    repos.flatMap((r) => {
      const project = projects.get(r.projectId)
      return project ? [presentRepository(r, project, { canAdmin: actor?.user.admin === true })] : []
    }),
  )
}

/** GET /registry/repositories/:id: `404 Not found` when unknown or its project unseen, 403 when the project's registry is not readable. */
export async function repositoryForReader(
  actor: Actor | null,
  id: number,
): Promise<{ repo: ContainerRepository; project: ProjectWithNamespace }> {
  const repo = await repositoryById(id)
  const project = repo ? await projectRow(repo.projectId) : null
  if (!repo || !project) throw recordNotFound()
  // GitLab's container_repositories.rb authorizes read_container_image on the repository itself
  // (its policy delegates to the project): a 403 whether the project is unseen or only its registry.
  if (!(await can(actor, 'read_project', projectSubject(project))) || !(await canRegistry(actor, project, 'read')))
    throw forbidden()
  return { repo, project }
}

export async function findTag(
  repo: ContainerRepository,
  project: ProjectWithNamespace,
  name: string,
): Promise<TagInfo> {
  const info = await tagInfo(imagePath(project.fullPath, repo.name), name).catch(registryFailure)
  if (!info) throw notFound('Tag')
  return info
}

/** A registry that fails a call is GitLab's 400 with the registry's message, never a 500. */
function registryFailure(e: unknown): never {
  if (e instanceof RegistryError) throw new ApiError(400, { message: e.message })
  throw e
}

/** The actor's level for protection rules: administrators count as GitLab's admin level (60). */
async function protectionLevel(actor: Actor | null, project: ProjectWithNamespace): Promise<number> {
  if (actor?.user.admin) return 60
  return accessLevel(actor, projectSubject(project))
}

export async function deleteOneTag(
  actor: Actor,
  repo: ContainerRepository,
  project: ProjectWithNamespace,
  name: string,
): Promise<void> {
  await findTag(repo, project, name)
  const isProtected = await deleteProtectedMatcher(project.id, await protectionLevel(actor, project))
  if (isProtected(name)) throw forbidden('cannot delete protected tag(s)')
  const deleted = await deleteTags(imagePath(project.fullPath, repo.name), [name]).catch(registryFailure)
  if (!deleted.includes(name)) throw new ApiError(400, { message: `could not delete tags: ${name}` })
}

/** Marks the repository delete_scheduled and queues its removal (202). */
export async function scheduleRepositoryDelete(actor: Actor, repo: ContainerRepository): Promise<void> {
  await setRepositoryStatus(repo.id, 'delete_scheduled')
  await enqueue('container_repository_delete', { repositoryId: repo.id }, { createdById: actor.user.id })
}

async function tagDetails(path: string, names: string[]): Promise<Map<string, TagInfo | null>> {
  const infos = await Promise.all(names.map(async (n) => [n, await tagInfo(path, n)] as const))
  return new Map(infos)
}

/** The decisions for every tag of the repository under these rules (preview and job alike). */
export async function cleanupDecisions(
  actorLevel: number,
  repo: ContainerRepository,
  project: ProjectWithNamespace,
  rules: CleanupRules,
): Promise<CleanupDecisionJson[]> {
  const path = imagePath(project.fullPath, repo.name)
  const [names, isProtected, maxListSize] = await Promise.all([
    allTags(path),
    deleteProtectedMatcher(project.id, actorLevel),
    setting<number>('container_registry_cleanup_tags_service_max_list_size'),
  ])
  return decideCleanup({
    repositoryId: repo.id,
    names,
    rules,
    isProtected,
    maxListSize,
    details: (n) => tagDetails(path, n),
  })
}

export async function previewCleanup(
  actor: Actor,
  repo: ContainerRepository,
  project: ProjectWithNamespace,
  rules: CleanupRules,
) {
  const decisions = await cleanupDecisions(await protectionLevel(actor, project), repo, project, rules).catch(
    registryFailure,
  )
  return {
    tags_count: decisions.length,
    delete_count: decisions.filter((d) => d.delete).length,
    max_list_size: await setting<number>('container_registry_cleanup_tags_service_max_list_size'),
    decisions,
  }
}

/**
 * DELETE …/tags (rules already checked): the hourly slot (one accepted call per repository
 * per hour in any process), then the job. Nothing is queued when the slot is taken.
 */
export async function scheduleBulkDelete(actor: Actor, repo: ContainerRepository, rules: CleanupRules): Promise<void> {
  const now = new Date()
  if (!(await claimCleanupSlot(repo.id, CLEANUP_PERIOD_MS, now)))
    throw new ApiError(400, {
      message:
        'This request has already been made. You can run this at most once an hour for a given container repository',
    })
  try {
    await enqueue(
      'container_tags_cleanup',
      { repositoryId: repo.id, userId: actor.user.id, rules },
      { createdById: actor.user.id },
    )
  } catch (e) {
    await releaseCleanupSlot(repo.id, now)
    throw e
  }
}

export async function lastCleanup(repositoryId: number): Promise<QueuedTaskJson | null> {
  const task = await latestTaskWithKey('container_tags_cleanup', `container_repository:${repositoryId}`)
  return task ? taskEntity(task) : null
}

defineTask({
  kind: 'container_repository_delete',
  payload: z.object({ repositoryId: z.number() }),
  concurrencyKey: (p) => `container_repository:${p.repositoryId}`,
  maxAttempts: 5,
  run: async ({ payload, checkpoint }) => {
    const repo = await repositoryById(payload.repositoryId)
    const project = repo ? await projectRow(repo.projectId) : null
    if (!repo || !project) return { skipped: 'gone' }
    await setRepositoryStatus(repo.id, 'delete_ongoing')
    const path = imagePath(project.fullPath, repo.name)
    if (registryConfigured()) {
      forgetTags(path)
      const names = await allTags(path)
      await checkpoint({ done: 0, total: names.length, message: `deleting ${names.length} tags` })
      await deleteTags(path, names, (done) =>
        checkpoint({ done, total: names.length, message: `deleting ${names.length} tags` }),
      )
    }
    await removeRepository(repo.id)
    return { deleted: path }
  },
})

/** What a cleanup's first run decided, kept in its checkpoint for a retry. */
const savedCleanup = z.object({ tags: z.array(z.string()), listed: z.number().int() })

const rulesSchema = z.object({
  deleteRegex: z.string(),
  keepRegex: z.string().nullable(),
  keepN: z.number().nullable(),
  olderThanMs: z.number().nullable(),
})

defineTask({
  kind: 'container_tags_cleanup',
  payload: z.object({ repositoryId: z.number(), userId: z.number(), rules: rulesSchema }),
  concurrencyKey: (p) => `container_repository:${p.repositoryId}`,
  maxAttempts: 3,
  run: async ({ task, payload, progress, checkpoint }) => {
    const repo = await repositoryById(payload.repositoryId)
    const project = repo ? await projectRow(repo.projectId) : null
    const user = await userById(payload.userId)
    if (!repo || !project || !user || !registryConfigured()) return { skipped: 'gone' }
    const actor: Actor = { user: publicUser(user), token: null, via: 'internal' }
    // The caller may have lost the right since the call: GitLab's service checks it again.
    if (!(await canRegistry(actor, project, 'destroy_repository'))) return { skipped: 'access denied' }
    const path = imagePath(project.fullPath, repo.name)
    forgetTags(path)
    // The tags to delete are decided once, on the first run, and saved with the first checkpoint: a
    // run killed after it moved tags to the placeholder manifest would otherwise decide again over
    // tags that lost their image dates and delete more than the preview said (seen: keep_n's newest).
    // A retry deletes those of the saved list that are still there.
    const saved = savedCleanup.safeParse(progress)
    let doomed: string[]
    let total: number
    if (saved.success) {
      const present = new Set(await allTags(path))
      doomed = saved.data.tags.filter((n) => present.has(n))
      total = saved.data.listed
    } else {
      const decisions = await cleanupDecisions(await protectionLevel(actor, project), repo, project, payload.rules)
      doomed = decisions.filter((d) => d.delete).map((d) => d.name)
      total = decisions.length
    }
    const planned = saved.success ? saved.data.tags : doomed
    const message = `deleting ${planned.length} of ${total} tags`
    await checkpoint({
      done: planned.length - doomed.length,
      total: planned.length,
      message,
      tags: planned,
      listed: total,
    })
    const deleted = await deleteTags(path, doomed, async (done) => {
      crashPoint(`container_tags_cleanup:after-batch-${done}`, task.attempts)
      await checkpoint({
        done: planned.length - doomed.length + done,
        total: planned.length,
        message,
        tags: planned,
        listed: total,
      })
    })
    return { deleted: planned.length - doomed.length + deleted.length, kept: total - planned.length }
  },
})
