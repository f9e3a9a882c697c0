// GitLab's container registry API (project_container_repositories.rb, group_container_repositories.rb,
// container_repositories.rb). Order as Grape runs it: the project's access (`before {
// authorize_read_container_images! }`: 404 unseen, 403 registry unreadable), then the parameters
// (400), then the route's own ability and the repository (unknown → `404 Not found`) and the tag
// (`404 Tag Not Found`).
// Grape renders `status :accepted` / `status :ok` as the last expression, so those bodies are the
// bare numbers 202 and 200.
import { z } from 'zod'
import { endpoint } from '../api/endpoint'
import { reply } from '../api/reply'
import { ACCESS } from '../auth/access-levels'
import type { Actor } from '../auth/actor'
import { accessLevel } from '../auth/policy'
import { findGroup, groupSubject } from '../groups/find'
import { findProject } from '../projects/find'
import { registryProjectIdsBelow } from '../projects/lookup'
import { forbidden, paramError } from '../api/errors'
import { authorizeNotification, eventsBodySchema, handleRegistryEvents } from './events'
import { authorizeRegistry, canRegistry, type RegistryAbility } from './access'
import { cleanupRules } from './cleanup'
import { findRepository, imagePath, listRepositories } from './repositories'
import {
  bulkDeleteParams,
  cleanupPreviewSchema,
  groupRepositoriesParams,
  projectRepositoriesParams,
  projectRepositoryParams,
  repositoryParams,
  repositorySchema,
  tagDetailSchema,
  tagParams,
  tagSchema,
  tagsListParams,
} from './schema'
import {
  deleteOneTag,
  findTag,
  lastCleanup,
  presentRepositories,
  presentRepository,
  previewCleanup,
  repositoryForReader,
  scheduleBulkDelete,
  scheduleRepositoryDelete,
} from './service'
import { tagDetailJson, tagJson, tagsPage } from './tags'
import { mapPage } from '../api/pagination'
import { queuedTaskSchema } from '../queue/schema'

const base = '/projects/:id/registry/repositories'

async function registryProject(actor: Actor | null, id: string, ability: RegistryAbility) {
  const project = await findProject(actor, id)
  await authorizeRegistry(actor, project, ability)
  return project
}

/** GroupPolicy's read_container_image: Reporter and above (administrators always). */
async function readableGroupRegistry(actor: Actor | null, id: string) {
  const group = await findGroup(actor, id)
  if (!actor?.user.admin && (await accessLevel(actor, groupSubject(group))) < ACCESS.REPORTER) throw forbidden()
  return group
}

/** The project routes' `before` block: the project seen, its registry readable. */
const registryBefore = async ({ actor, path }: { actor: Actor | null; path: Readonly<Record<string, string>> }) => {
  await registryProject(actor, path.id ?? '', 'read')
}

/** The repository first (GitLab authorizes the route's ability on it: unknown is a 404 before a 403). */
async function projectRepository(
  actor: Actor | null,
  params: { id: string; repository_id: number },
  ability: RegistryAbility,
) {
  const project = await findProject(actor, params.id)
  const repo = await findRepository(project.id, params.repository_id)
  await authorizeRegistry(actor, project, ability)
  return { project, repo }
}

export const containerRegistryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: "List a project's container registry repositories",
    auth: 'public',
    before: registryBefore,
    jobToken: true,
    paginated: 'offset',
    params: projectRepositoriesParams,
    response: { body: z.array(repositorySchema) },
    handler: async ({ actor, params, page }) => {
      const project = await registryProject(actor, params.id, 'read')
      const result = await listRepositories([project.id], page)
      const canAdmin = await canRegistry(actor, project, 'destroy_repository')
      const items = await Promise.all(
        result.items.map((r) =>
          presentRepository(r, project, { tags: params.tags, tagsCount: params.tags_count, canAdmin }),
        ),
      )
      return { ...result, items }
    },
  }),
  groupList: endpoint({
    method: 'GET',
    path: '/groups/:id/registry/repositories',
    summary: "List the container registry repositories of a group's projects, subgroups included",
    auth: 'public',
    paginated: 'offset',
    params: groupRepositoriesParams,
    response: { body: z.array(repositorySchema) },
    // group_container_repositories.rb: `before { authorize_read_group_container_images! }`.
    before: async ({ actor, path }) => {
      await readableGroupRegistry(actor, path.id ?? '')
    },
    handler: async ({ actor, params, page }) => {
      const group = await readableGroupRegistry(actor, params.id)
      const result = await listRepositories(await registryProjectIdsBelow(group.traversalIds), page)
      return { ...result, items: await presentRepositories(result.items, actor) }
    },
  }),
  show: endpoint({
    method: 'GET',
    path: '/registry/repositories/:id',
    summary: 'One container registry repository',
    // container_repositories.rb: `before { authenticate! }`, even for a public project's repository.
    auth: 'required',
    jobToken: true,
    params: repositoryParams,
    response: { body: repositorySchema },
    handler: async ({ actor, params }) => {
      const { repo, project } = await repositoryForReader(actor, params.id)
      const canAdmin = await canRegistry(actor, project, 'destroy_repository')
      const json = await presentRepository(repo, project, { tags: params.tags, tagsCount: params.tags_count, canAdmin })
      // The deduplicated size needs the registry's metadata database (GitLab.com only): null here.
      return params.size ? { ...json, size: null } : json
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:repository_id`,
    summary: 'Delete a container registry repository (asynchronously)',
    auth: 'required',
    before: registryBefore,
    jobToken: true,
    params: projectRepositoryParams,
    response: { status: 202, body: z.literal(202) },
    handler: async ({ actor, params }) => {
      const { repo } = await projectRepository(actor, params, 'destroy_repository')
      await scheduleRepositoryDelete(actor, repo)
      return reply(202, 202)
    },
  }),
  tags: endpoint({
    method: 'GET',
    path: `${base}/:repository_id/tags`,
    summary: 'List the tags of a container registry repository (offset, or keyset by name)',
    auth: 'public',
    before: registryBefore,
    jobToken: true,
    paginated: 'keyset',
    params: tagsListParams,
    response: { body: z.array(tagSchema) },
    handler: async ({ actor, params, page }) => {
      const { project, repo } = await projectRepository(actor, params, 'read')
      const path = imagePath(project.fullPath, repo.name)
      const keyset = params.pagination === 'keyset' ? { sort: params.sort ?? 'asc', last: params.last } : null
      return mapPage(await tagsPage(path, page, keyset), (name) => tagJson(path, name))
    },
  }),
  tag: endpoint({
    method: 'GET',
    path: `${base}/:repository_id/tags/:tag_name`,
    summary: 'One tag of a container registry repository',
    auth: 'public',
    before: registryBefore,
    jobToken: true,
    params: tagParams,
    response: { body: tagDetailSchema },
    handler: async ({ actor, params }) => {
      const { project, repo } = await projectRepository(actor, params, 'read')
      return tagDetailJson(imagePath(project.fullPath, repo.name), await findTag(repo, project, params.tag_name))
    },
  }),
  removeTag: endpoint({
    method: 'DELETE',
    path: `${base}/:repository_id/tags/:tag_name`,
    summary: 'Delete one tag (other tags of the same image stay; a protected tag is 403)',
    auth: 'required',
    before: registryBefore,
    jobToken: true,
    params: tagParams,
    response: { body: z.literal(200) },
    handler: async ({ actor, params }) => {
      const { project, repo } = await projectRepository(actor, params, 'destroy_tag')
      await deleteOneTag(actor, repo, project, params.tag_name)
      return reply(200, 200)
    },
  }),
  bulkDelete: endpoint({
    method: 'DELETE',
    path: `${base}/:repository_id/tags`,
    summary: 'Delete tags in bulk by regex, keep_n and older_than (asynchronously; once an hour per repository)',
    auth: 'required',
    before: registryBefore,
    jobToken: true,
    params: bulkDeleteParams,
    response: { status: 202, body: z.literal(202) },
    handler: async ({ actor, params }) => {
      // The regexes are declared params (untrusted_regexp): a 400 before the repository's 404.
      const rules = cleanupRules(params)
      const { repo } = await projectRepository(actor, params, 'destroy_repository')
      await scheduleBulkDelete(actor, repo, rules)
      return reply(202, 202)
    },
  }),
  cleanupPreview: endpoint({
    method: 'GET',
    path: `${base}/:repository_id/cleanup_preview`,
    summary: 'Dry run of a bulk tag deletion: what each tag would become and why (console)',
    auth: 'required',
    before: registryBefore,
    params: bulkDeleteParams,
    response: { body: cleanupPreviewSchema },
    handler: async ({ actor, params }) => {
      const rules = cleanupRules(params)
      const { project, repo } = await projectRepository(actor, params, 'destroy_repository')
      return previewCleanup(actor, repo, project, rules)
    },
  }),
  cleanupStatus: endpoint({
    method: 'GET',
    path: `${base}/:repository_id/cleanup_status`,
    summary: "The repository's last bulk tag deletion as a queued task, null before the first (console progress)",
    auth: 'required',
    before: registryBefore,
    params: projectRepositoryParams,
    response: { body: queuedTaskSchema.nullable() },
    handler: async ({ actor, params }) => {
      const { repo } = await projectRepository(actor, params, 'destroy_repository')
      return lastCleanup(repo.id)
    },
  }),
  registryEvents: endpoint({
    method: 'POST',
    path: '/container_registry_event/events',
    summary: "The registry's notifications (Authorization: the notification secret)",
    auth: 'public',
    rawBody: true,
    response: { status: 200, body: z.literal(200) },
    handler: async ({ request, body }) => {
      authorizeNotification(request.headers.get('authorization'))
      let parsed: unknown
      try {
        parsed = JSON.parse(Buffer.from(body ?? new Uint8Array()).toString('utf8'))
      } catch {
        throw paramError('events is missing')
      }
      const events = eventsBodySchema.safeParse(parsed)
      if (!events.success) throw paramError('events is missing')
      await handleRegistryEvents(events.data.events)
      return reply(200, 200)
    },
  }),
}
