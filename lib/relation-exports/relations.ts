// What each exportable relation of a group or project contains, in GitLab's direct-transfer shapes
// (`self` one JSON object, the others NDJSON, one record per line). Records come from each
// domain's own service, page by page.
import { ACCESS } from '../auth/access-levels'
import type { Namespace } from '../db'
import { visibilityLevel } from '../groups/schema'
import { groupSettings } from '../groups/settings'
import { listDirectMembers } from '../members/service'
import type { MemberSource } from '../members/source'
import { listSchedules } from '../pipeline-schedules/service'
import type { ProjectWithNamespace } from '../projects/entity'
import { rulesFor } from '../protected-branches/service'
import { headFiles } from '../snippets/versions'
import { listSnippets } from '../snippets/service'
import type { Actor } from '../auth/actor'
import { isoDayOrNull } from '../api/time'

// GitLab's export files carry these levels as their integer values (Gitlab::Access).
export const PROJECT_CREATION_LEVEL: Record<string, number> = {
  noone: 0,
  maintainer: 1,
  developer: 2,
  administrator: 3,
}
export const SUBGROUP_CREATION_LEVEL: Record<string, number> = { owner: 0, maintainer: 1 }
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const PAGE = 100

export type Portable = { type: 'Group'; group: Namespace } | { type: 'Project'; project: ProjectWithNamespace }

/** A relation's records: `self` yields exactly one object. */
export type RelationReader = (p: Portable, actor: Actor) => AsyncGenerator<Record<string, unknown>>

async function* paged<T>(
  load: (window: { page: number; perPage: number; skip: number; take: number }) => Promise<{ items: T[] }>,
): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { items } = await load({ page, perPage: PAGE, skip: (page - 1) * PAGE, take: PAGE })
    yield* items
    if (items.length < PAGE) return
  }
}

const memberSource = (p: Portable): MemberSource =>
  p.type === 'Group'
    ? {
        kind: 'groups',
        sourceType: 'Namespace',
        id: p.group.id,
        subject: { type: 'group', id: p.group.id, visibility: p.group.visibility, traversalIds: p.group.traversalIds },
        ancestors: [],
      }
    : {
        kind: 'projects',
        sourceType: 'Project',
        id: p.project.id,
        subject: {
          type: 'project',
          id: p.project.id,
          visibility: p.project.visibility,
          traversalIds: p.project.traversalIds,
          namespace: { kind: p.project.namespace.kind, ownerId: p.project.namespace.ownerId },
        },
        ancestors: [],
      }

export const members: RelationReader = async function* (p) {
  for await (const m of paged((w) => listDirectMembers(memberSource(p), {}, w))) {
    yield {
      access_level: m.accessLevel,
      created_at: iso(m.createdAt),
      updated_at: iso(m.updatedAt),
      expires_at: isoDayOrNull(m.expiresAt),
      source_type: p.type === 'Group' ? 'Namespace' : 'Project',
      // GitLab exports only a public e-mail; this product has none, so destinations match by username.
      user: { id: m.user.id, public_email: null, username: m.user.username, name: m.user.name },
    }
  }
}

// This product has no labels, milestones or badges yet: the relations exist and are empty.
const empty: RelationReader = async function* () {}

/** The attributes every portable's `self` starts with. */
const selfBase = (x: {
  name: string
  path: string
  description: string
  visibility: string
  createdAt: Date
  updatedAt: Date
}) => ({
  name: x.name,
  path: x.path,
  description: x.description,
  visibility_level: visibilityLevel(x.visibility),
  created_at: iso(x.createdAt),
  updated_at: iso(x.updatedAt),
})

export const groupSelf: RelationReader = async function* (p) {
  if (p.type !== 'Group') return
  const g = p.group
  const s = groupSettings(g)
  yield Object.assign(selfBase(g), {
    project_creation_level: PROJECT_CREATION_LEVEL[s.project_creation_level] ?? 2,
    subgroup_creation_level: SUBGROUP_CREATION_LEVEL[s.subgroup_creation_level] ?? 1,
    require_two_factor_authentication: s.require_two_factor_authentication,
    two_factor_grace_period: s.two_factor_grace_period,
    request_access_enabled: s.request_access_enabled,
    lfs_enabled: s.lfs_enabled,
    share_with_group_lock: s.share_with_group_lock,
  })
}

const projectSelf: RelationReader = async function* (p) {
  if (p.type !== 'Project') return
  const pr = p.project
  yield Object.assign(selfBase(pr), {
    default_branch: pr.defaultBranch,
    archived: pr.archived,
    ci_config_path: pr.ciConfigPath,
    build_timeout: pr.buildTimeout,
    shared_runners_enabled: pr.sharedRunnersEnabled,
  })
}

const protectedBranches: RelationReader = async function* (p) {
  if (p.type !== 'Project') return
  for (const rule of await rulesFor(p.project.id)) {
    const levels = (kind: string) =>
      rule.accessLevels
        .filter((a) => a.kind === kind && a.accessLevel !== null)
        .map((a) => ({
          access_level: a.accessLevel ?? ACCESS.MAINTAINER,
          created_at: iso(rule.createdAt),
          updated_at: iso(rule.updatedAt),
        }))
    yield {
      name: rule.name,
      created_at: iso(rule.createdAt),
      updated_at: iso(rule.updatedAt),
      allow_force_push: rule.allowForcePush,
      code_owner_approval_required: rule.codeOwnerApprovalRequired,
      push_access_levels: levels('push'),
      merge_access_levels: levels('merge'),
      unprotect_access_levels: levels('unprotect'),
    }
  }
}

const pipelineSchedules: RelationReader = async function* (p) {
  if (p.type !== 'Project') return
  for await (const s of paged((w) => listSchedules(p.project, undefined, w))) {
    yield {
      description: s.description,
      ref: s.ref,
      cron: s.cron,
      cron_timezone: s.cronTimezone,
      active: s.active,
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
    }
  }
}

const snippets: RelationReader = async function* (p, actor) {
  if (p.type !== 'Project') return
  for await (const s of paged((w) => listSnippets(actor, p.project, w))) {
    const files = await headFiles(s)
    yield {
      title: s.title,
      description: s.description,
      visibility_level: visibilityLevel(s.visibility),
      file_name: files[0]?.path ?? null,
      content: files[0]?.content ?? '',
      files: files.map((f) => ({ path: f.path, content: f.content })),
      author: { username: s.author.username },
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
    }
  }
}

export const GROUP_RELATIONS: Record<string, RelationReader> = {
  self: groupSelf,
  members,
  labels: empty,
  milestones: empty,
  badges: empty,
  boards: empty,
}
export const PROJECT_RELATIONS: Record<string, RelationReader> = {
  self: projectSelf,
  members,
  labels: empty,
  milestones: empty,
  badges: empty,
  protected_branches: protectedBranches,
  pipeline_schedules: pipelineSchedules,
  snippets,
}

export const relationsOf = (type: Portable['type']) => (type === 'Group' ? GROUP_RELATIONS : PROJECT_RELATIONS)
