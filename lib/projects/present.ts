// Project lists present through a cache of serialized entities, as GitLab's `present_cached` does.
// A list query reads only (id, updatedAt, namespaceId); each project's JSON is cached under a key
// that changes whenever the project or its namespace changes (renames of a group rewrite every
// descendant row, moving their updatedAt too), so nothing stale is served and no TTL is needed.
// Misses load their full rows in one query. `open_issues_count` is part of the key: the open issues
// are counted for the page (one grouped query), so an issue opened or closed changes the key.
import { jsonObject, JsonMembers, type JsonObjectFragment } from '../api/json-fragment'
import { findManyFast } from '../db'
import type { Namespace } from '../db'
import { namespaceById } from '../groups/namespaces'
import { projectEntity, projectSimple, type ProjectWithNamespace } from './entity'
import { sharedWithGroupEntity } from '../project-shares/entity'
import { linksOf } from '../project-shares/service'
import type { SharedWithGroupJson } from '../groups/schema'
import type { ProjectJson, ProjectPermissionsJson } from './schema'
import type { ProjectAbilities } from './abilities'
import { processState } from '../util/process-state'
import { onForeignChange } from '../runtime/invalidation'
import { openIssueCounts } from '../issues/counts'

/** project id → its `shared_with_groups` entries, for a batch of cache misses (one query). */
async function sharedWithGroups(ids: number[]): Promise<Map<number, SharedWithGroupJson[]>> {
  const out = new Map<number, SharedWithGroupJson[]>()
  for (const l of await linksOf(ids)) out.set(l.projectId, [...(out.get(l.projectId) ?? []), sharedWithGroupEntity(l)])
  return out
}

export type ProjectKey = { id: number; updatedAt: Date; namespaceId: number }
export const PROJECT_KEY_COLUMNS = ['id', 'updatedAt', 'namespaceId'] as const
type Variant = 'simple' | 'full'

const MAX_ENTRIES = 20_000
const projectJson = processState('projects.json', () => new Map<string, JsonMembers>())
// Keyed by updatedAt, so never stale; dropped with the other caches anyway when another process
// writes, which also bounds it and lets tests compare freshly rendered answers.
onForeignChange('projects.json', () => projectJson.clear())
const cache = () => projectJson

const keyOf = (variant: Variant, p: ProjectKey, ns: Namespace, openIssues: number) =>
  `${variant}:${p.id}:${p.updatedAt.getTime()}:${ns.id}:${ns.updatedAt.getTime()}:${openIssues}`

/** One project with the caller's `permissions`, reusing the cached entity JSON of the lists. */
/** One project as Entities::Project; `extra` holds per-caller keys (e.g. runners_token) outside the cache. */
export async function presentProject(
  project: ProjectWithNamespace,
  permissions: ProjectPermissionsJson,
  extra: Pick<ProjectJson, 'runners_token'> & { abilities?: ProjectAbilities } = {},
): Promise<JsonObjectFragment> {
  const openIssues = (await openIssueCounts([project.id])).get(project.id) ?? 0
  const key = keyOf('full', project, project.namespace, openIssues)
  let members = cache().get(key)
  if (!members) {
    members = JsonMembers.of(
      projectEntity(
        project,
        undefined,
        await sharedWithGroups([project.id]).then((m) => m.get(project.id)),
        openIssues,
      ),
    )
    if (cache().size >= MAX_ENTRIES) cache().clear()
    cache().set(key, members)
  }
  return jsonObject(members, extra, { permissions })
}

export async function presentProjects(rows: ProjectKey[], variant: Variant): Promise<JsonObjectFragment[]> {
  const namespaces = new Map<number, Namespace | null>()
  for (const id of new Set(rows.map((r) => r.namespaceId))) namespaces.set(id, await namespaceById(id))
  // `simple` shows no count: 0 keeps its key stable.
  const open = variant === 'full' ? await openIssueCounts(rows.map((r) => r.id)) : new Map<number, number>()
  const keys = rows.map((r) => {
    const ns = namespaces.get(r.namespaceId)
    return ns ? keyOf(variant, r, ns, open.get(r.id) ?? 0) : null
  })
  const missing = rows.filter((r, i) => keys[i] !== null && !cache().has(keys[i]!)).map((r) => r.id)
  if (missing.length) {
    const [full, shares] = await Promise.all([
      findManyFast('Project', { where: { id: { in: missing } }, orderBy: { id: 'asc' }, take: missing.length }),
      variant === 'full' ? sharedWithGroups(missing) : new Map<number, SharedWithGroupJson[]>(),
    ])
    if (cache().size + full.length > MAX_ENTRIES) cache().clear()
    for (const p of full) {
      const namespace = namespaces.get(p.namespaceId)
      if (!namespace) continue
      const withNs = Object.assign({}, p, { namespace })
      const openIssues = open.get(p.id) ?? 0
      cache().set(
        keyOf(variant, p, namespace, openIssues),
        JsonMembers.of(
          variant === 'simple' ? projectSimple(withNs) : projectEntity(withNs, undefined, shares.get(p.id), openIssues),
        ),
      )
    }
  }
  return keys.flatMap((k) => {
    const members = k ? cache().get(k) : undefined
    return members ? [jsonObject(members)] : [] // deleted between the two reads: left out
  })
}
