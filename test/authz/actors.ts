// The matrix's fixture factory: one world of users and targets built once (in parallel batches),
// and fresh targets for write cells that succeed. Per visibility V: a top group T(V), its subgroup
// G(V) and a project P(V) in G(V), all of visibility V. The role actors are direct members of G(V)
// (inherited on P(V)); `owner_inherited` owns T(V); `owner_shared` owns a group S that G(V) is
// shared with as Owner; `group_bot` is the bot of a Maintainer group access token of G(V),
// `project_bot` of a Maintainer project access token of P(V).
// Everything is made through the API as root, except what the API cannot make (an expired token).
import { expect } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique, writeCiConfig } from '../helpers'
import { serverUrl } from '../setup/server'
import {
  ROLE_LEVELS,
  SCOPE_ACTORS,
  VISIBILITIES,
  type AnyActor,
  type ExtraActorName,
  type ScopeActorName,
  type Visibility,
} from './rules'

export interface Subject {
  /** The top-level group above `group` (owned by `owner_inherited`). */
  top: { id: number }
  group: { id: number; full_path: string }
  project: { id: number; path_with_namespace: string }
}

export interface World {
  /** The token each actor sends (null: none). */
  tokens: Record<Exclude<AnyActor, ExtraActorName>, string | null>
  subjects: Record<Visibility, Subject>
  /** A public group the share rows point at (the sharer must see it). */
  spareGroup: { id: number }
  /** A user who is nobody's member: the target of refused member adds. */
  spareUser: { id: number }
  /** The runner protocol's world: a project runner of a CI project, one running and one finished job of it. */
  ci: CiWorld
}

export interface CiWorld {
  projectId: number
  runnerToken: string
  running: { id: number; token: string }
  finished: { id: number; token: string }
}

const RUNNER_INFO = { version: '17.5.0', platform: 'linux', architecture: 'amd64' }

/** A new project runner of the CI project (as root): for the writes that consume a runner's token. */
export async function freshRunner(projectId: number): Promise<string> {
  const r = await ok(
    'runner',
    api('POST', '/user/runners', {
      json: { runner_type: 'project_type', project_id: projectId, description: unique('authz') },
    }),
  )
  // A manager (`system_id` s_authz) for DELETE /runners/managers to remove.
  await ok(
    'verify',
    api('POST', '/runners/verify', { token: null, json: { token: r.token, system_id: 's_authz' } }),
    200,
  )
  return r.token as string
}

/**
 * A private project whose one job per pipeline the world's runner claims: the developer's pipeline
 * (the job's user), so its job token acts as that developer. The second job is finished by the runner.
 */
async function ciWorld(developerId: number, developerToken: string): Promise<CiWorld> {
  const p = await ok(
    'ci project',
    api('POST', '/projects', {
      json: { name: unique('authz-ci'), visibility: 'private', initialize_with_readme: true },
    }),
  )
  await ok(
    'ci developer',
    api('POST', `/projects/${p.id}/members`, { json: { user_id: developerId, access_level: 30 } }),
  )
  await writeCiConfig(p.id, 'build:\n  script: echo authz\n')
  const runnerToken = await freshRunner(p.id)
  const claim = async () => {
    await ok('ci pipeline', api('POST', `/projects/${p.id}/pipeline`, { token: developerToken, json: { ref: 'main' } }))
    const j = await ok(
      'claim',
      api('POST', '/jobs/request', { token: null, json: { token: runnerToken, info: RUNNER_INFO } }),
    )
    return { id: j.id as number, token: j.token as string }
  }
  const running = await claim()
  const finished = await claim()
  await ok(
    'finish',
    api('PUT', `/jobs/${finished.id}`, { token: null, json: { token: finished.token, state: 'success' } }),
    200,
  )
  return { projectId: p.id as number, runnerToken, running, finished }
}

async function ok<T = any>(
  what: string,
  res: Promise<{ status: number; body: T; text: string }>,
  status = 201,
): Promise<T> {
  const r = await res
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`)
  return r.body
}

async function tokenFor(userId: number, scopes: string[], expiresAt?: string): Promise<{ token: string; id: number }> {
  const body = await ok(
    'token',
    api('POST', `/users/${userId}/personal_access_tokens`, {
      json: { name: unique('authz'), scopes, expires_at: expiresAt },
    }),
  )
  return { token: body.token as string, id: body.id as number }
}

async function subjectFor(v: Visibility): Promise<Subject> {
  const top = await createGroup({ visibility: v, prefix: `authz-${v}` })
  const group = await createGroup({ visibility: v, parent: top.id, prefix: `authz-${v}-g` })
  const project = await ok(
    'project',
    api('POST', '/projects', {
      json: { name: unique(`authz-${v}`), namespace_id: group.id, visibility: v, initialize_with_readme: true },
    }),
  )
  return { top, group, project }
}

export async function buildWorld(): Promise<World> {
  const roles = Object.keys(ROLE_LEVELS) as (keyof typeof ROLE_LEVELS)[]
  const [users, subjects, sharedWith, spareGroup] = await Promise.all([
    Promise.all(
      [
        'non_member',
        ...roles,
        'owner_inherited',
        'owner_shared',
        'blocked_user',
        'deactivated_user',
        'token_owner',
        'spare',
      ].map(async (name) => [name, await createUser()] as const),
    ),
    Promise.all(VISIBILITIES.map(async (v) => [v, await subjectFor(v)] as const)),
    createGroup({ visibility: 'private', prefix: 'authz-shared' }),
    createGroup({ visibility: 'public', prefix: 'authz-spare' }),
  ])
  const u = Object.fromEntries(users) as Record<string, Awaited<ReturnType<typeof createUser>>>
  const admin = await createUser({ admin: true })
  const adminMode = await tokenFor(admin.id, ['api', 'admin_mode'])
  const readApi = await tokenFor(u.maintainer!.id, ['read_api'])
  const scoped = Object.fromEntries(
    await Promise.all(
      Object.entries(SCOPE_ACTORS).map(async ([name, scope]) => [
        name,
        (await tokenFor(u.maintainer!.id, [scope])).token,
      ]),
    ),
  ) as Record<ScopeActorName, string>
  const expired = await tokenFor(
    u.token_owner!.id,
    ['api'],
    new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  )
  const revoked = await tokenFor(u.token_owner!.id, ['api'])
  await ok(
    'owner of the shared-with group',
    api('POST', `/groups/${sharedWith.id}/members`, { json: { user_id: u.owner_shared!.id, access_level: 50 } }),
  )
  // Sharing with a group needs membership of it (Projects::GroupLinks::CreateService, read_namespace_via_membership).
  for (const name of ['maintainer', 'owner', 'owner_inherited', 'owner_shared'])
    await ok(
      `${name} in the spare group`,
      api('POST', `/groups/${spareGroup.id}/members`, { json: { user_id: u[name]!.id, access_level: 10 } }),
    )
  const bots: Record<string, string> = {}
  await Promise.all(
    VISIBILITIES.map(async (v) => {
      const s = subjects.find(([x]) => x === v)![1]
      await Promise.all([
        ...roles.map((r) =>
          ok(
            `${r} of ${v}`,
            api('POST', `/groups/${s.group.id}/members`, { json: { user_id: u[r]!.id, access_level: ROLE_LEVELS[r] } }),
          ),
        ),
        ok(
          `owner of ${v}'s parent`,
          api('POST', `/groups/${s.top.id}/members`, { json: { user_id: u.owner_inherited!.id, access_level: 50 } }),
        ),
        ok(
          `share ${v}`,
          api('POST', `/groups/${s.group.id}/share`, { json: { group_id: sharedWith.id, group_access: 50 } }),
        ),
      ])
    }),
  )
  // One bot per world: a Maintainer of the private group (its visibility reaches the others by the
  // same rule a member's does not, so the bot is a member of all three: one token per group).
  for (const v of VISIBILITIES) {
    const s = subjects.find(([x]) => x === v)![1]
    const t = await ok(
      'group access token',
      api('POST', `/groups/${s.group.id}/access_tokens`, {
        json: { name: unique('bot'), scopes: ['api'], access_level: 40 },
      }),
    )
    bots[v] = t.token as string
    const pt = await ok(
      'project access token',
      api('POST', `/projects/${s.project.id}/access_tokens`, {
        json: { name: unique('pbot'), scopes: ['api'], access_level: 40 },
      }),
    )
    projectBots[v] = pt.token as string
  }
  await ok('revoke', api('DELETE', `/personal_access_tokens/${revoked.id}`), 204)
  await ok('block', api('POST', `/users/${u.blocked_user!.id}/block`), 201)
  // GitLab deactivates only users inactive for 90 days; the state is what the matrix needs.
  const db = await getDb()
  await db.user.update({ where: { id: u.deactivated_user!.id }, data: { state: 'deactivated' } })
  // The API refuses an expiry in the past: the token expires by the clock's rule instead.
  await db.personalAccessToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 60_000) } })
  const tokens: World['tokens'] = {
    anonymous: null,
    non_member: u.non_member!.token,
    guest: u.guest!.token,
    planner: u.planner!.token,
    reporter: u.reporter!.token,
    developer: u.developer!.token,
    maintainer: u.maintainer!.token,
    owner: u.owner!.token,
    owner_inherited: u.owner_inherited!.token,
    owner_shared: u.owner_shared!.token,
    group_bot: null,
    admin: adminMode.token,
    admin_no_mode: admin.token,
    read_api: readApi.token,
    unknown_token: `glpat-${unique('unknown')}-0000000000`,
    expired_token: expired.token,
    revoked_token: revoked.token,
    blocked_user: u.blocked_user!.token,
    deactivated_user: u.deactivated_user!.token,
    registry_bearer: await registryBearer(u.maintainer!, subjects[0]![1].project.path_with_namespace),
    project_bot: null,
    ...scoped,
  }
  expect((await api('GET', '/user', { token: tokens.expired_token })).status).toBe(401)
  worldBots = bots
  for (const [name, user] of Object.entries(u)) worldUserIds[name] = user.id
  const ci = await ciWorld(u.developer!.id, u.developer!.token)
  worldExtra = {
    runner_token: ci.runnerToken,
    unknown_runner_token: `glrt-${unique('unknown')}-00000000`,
    job_token_running: ci.running.token,
    job_token_finished: ci.finished.token,
    // Made per cell (the matrix's send()): the token is revoked by its own request.
    fresh_token: '',
  }
  return {
    ci,
    tokens,
    subjects: Object.fromEntries(
      subjects.map(([v, s]) => [v, { top: s.top, group: s.group, project: s.project }]),
    ) as Record<Visibility, Subject>,
    spareGroup,
    spareUser: { id: u.spare!.id },
  }
}

/** The maintainer's registry token (GitLab's /jwt/auth, Basic with a PAT): what a docker client sends the registry. */
async function registryBearer(user: { username: string; token: string }, path: string): Promise<string> {
  const url = new URL(`${await serverUrl()}/jwt/auth`)
  url.searchParams.set('service', 'container_registry')
  url.searchParams.set('scope', `repository:${path}:pull`)
  const res = await fetch(url, {
    headers: { Authorization: `Basic ${Buffer.from(`${user.username}:${user.token}`).toString('base64')}` },
  })
  const body = (await res.json()) as { token?: string }
  if (res.status !== 200 || !body.token) throw new Error(`registry token: ${res.status} ${JSON.stringify(body)}`)
  return body.token
}

/** The group bot's token differs per visibility (a group access token belongs to one group). */
let worldBots: Record<string, string> = {}
/** So does the project bot's (a project access token of the subject's project). */
const projectBots: Record<string, string> = {}
/** The world's users by actor name (fixtures that belong to an actor: its own SSH key). */
export const worldUserIds: Record<string, number> = {}
let worldExtra = {} as Record<ExtraActorName, string>
export const tokenOf = (world: World, actor: AnyActor, v: Visibility | '-'): string | null =>
  actor === 'group_bot'
    ? (worldBots[v === '-' ? 'private' : v] ?? null)
    : actor === 'project_bot'
      ? (projectBots[v === '-' ? 'private' : v] ?? null)
      : actor in worldExtra
        ? worldExtra[actor as ExtraActorName]
        : world.tokens[actor as keyof World['tokens']]
