// The matrix's fixture factory: one world of users and targets built once (in parallel batches),
// and fresh targets for write cells that succeed. Per visibility V: a top group T(V), its subgroup
// G(V) and a project P(V) in G(V), all of visibility V. The role actors are direct members of G(V)
// (inherited on P(V)); `owner_inherited` owns T(V); `owner_shared` owns a group S that G(V) is
// shared with as Owner; `group_bot` is the bot of a Maintainer group access token of G(V).
// Everything is made through the API as root, except what the API cannot make (an expired token).
import { expect } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'
import { ROLE_LEVELS, VISIBILITIES, type AnyActor, type Visibility } from './rules'

export interface Subject {
  group: { id: number; full_path: string }
  project: { id: number; path_with_namespace: string }
}

export interface World {
  /** The token each actor sends (null: none). */
  tokens: Record<AnyActor, string | null>
  subjects: Record<Visibility, Subject>
  /** A public group the share rows point at (the sharer must see it). */
  spareGroup: { id: number }
  /** A user who is nobody's member: the target of refused member adds. */
  spareUser: { id: number }
}

async function ok<T = any>(what: string, res: Promise<{ status: number; body: T; text: string }>, status = 201): Promise<T> {
  const r = await res
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`)
  return r.body
}

async function tokenFor(userId: number, scopes: string[], expiresAt?: string): Promise<{ token: string; id: number }> {
  const body = await ok('token', api('POST', `/users/${userId}/personal_access_tokens`, { json: { name: unique('authz'), scopes, expires_at: expiresAt } }))
  return { token: body.token as string, id: body.id as number }
}

async function subjectFor(v: Visibility): Promise<Subject & { top: { id: number } }> {
  const top = await createGroup({ visibility: v, prefix: `authz-${v}` })
  const group = await createGroup({ visibility: v, parent: top.id, prefix: `authz-${v}-g` })
  const project = await ok('project', api('POST', '/projects', { json: { name: unique(`authz-${v}`), namespace_id: group.id, visibility: v, initialize_with_readme: true } }))
  return { top, group, project }
}

export async function buildWorld(): Promise<World> {
  const roles = Object.keys(ROLE_LEVELS) as (keyof typeof ROLE_LEVELS)[]
  const [users, subjects, sharedWith, spareGroup] = await Promise.all([
    Promise.all(
      ['non_member', ...roles, 'owner_inherited', 'owner_shared', 'blocked_user', 'deactivated_user', 'token_owner', 'spare'].map(
        async (name) => [name, await createUser()] as const,
      ),
    ),
    Promise.all(VISIBILITIES.map(async (v) => [v, await subjectFor(v)] as const)),
    createGroup({ visibility: 'private', prefix: 'authz-shared' }),
    createGroup({ visibility: 'public', prefix: 'authz-spare' }),
  ])
  const u = Object.fromEntries(users) as Record<string, Awaited<ReturnType<typeof createUser>>>
  const admin = await createUser({ admin: true })
  const adminMode = await tokenFor(admin.id, ['api', 'admin_mode'])
  const readApi = await tokenFor(u.maintainer!.id, ['read_api'])
  const expired = await tokenFor(u.token_owner!.id, ['api'], new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
  const revoked = await tokenFor(u.token_owner!.id, ['api'])
  await ok('owner of the shared-with group', api('POST', `/groups/${sharedWith.id}/members`, { json: { user_id: u.owner_shared!.id, access_level: 50 } }))
  // Sharing with a group needs membership of it (Projects::GroupLinks::CreateService, read_namespace_via_membership).
  for (const name of ['maintainer', 'owner', 'owner_inherited', 'owner_shared'])
    await ok(`${name} in the spare group`, api('POST', `/groups/${spareGroup.id}/members`, { json: { user_id: u[name]!.id, access_level: 10 } }))
  const bots: Record<string, string> = {}
  await Promise.all(
    VISIBILITIES.map(async (v) => {
      const s = subjects.find(([x]) => x === v)![1]
      await Promise.all([
        ...roles.map((r) => ok(`${r} of ${v}`, api('POST', `/groups/${s.group.id}/members`, { json: { user_id: u[r]!.id, access_level: ROLE_LEVELS[r] } }))),
        ok(`owner of ${v}'s parent`, api('POST', `/groups/${s.top.id}/members`, { json: { user_id: u.owner_inherited!.id, access_level: 50 } })),
        ok(`share ${v}`, api('POST', `/groups/${s.group.id}/share`, { json: { group_id: sharedWith.id, group_access: 50 } })),
      ])
    }),
  )
  // One bot per world: a Maintainer of the private group (its visibility reaches the others by the
  // same rule a member's does not, so the bot is a member of all three: one token per group).
  for (const v of VISIBILITIES) {
    const s = subjects.find(([x]) => x === v)![1]
    const t = await ok('group access token', api('POST', `/groups/${s.group.id}/access_tokens`, { json: { name: unique('bot'), scopes: ['api'], access_level: 40 } }))
    bots[v] = t.token as string
  }
  await ok('revoke', api('DELETE', `/personal_access_tokens/${revoked.id}`), 204)
  await ok('block', api('POST', `/users/${u.blocked_user!.id}/block`), 201)
  // GitLab deactivates only users inactive for 90 days; the state is what the matrix needs.
  const db = await getDb()
  await db.user.update({ where: { id: u.deactivated_user!.id }, data: { state: 'deactivated' } })
  // The API refuses an expiry in the past: the token expires by the clock's rule instead.
  await db.personalAccessToken.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 60_000) } })
  const tokens: Record<AnyActor, string | null> = {
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
  }
  expect((await api('GET', '/user', { token: tokens.expired_token })).status).toBe(401)
  worldBots = bots
  return {
    tokens,
    subjects: Object.fromEntries(subjects.map(([v, s]) => [v, { group: s.group, project: s.project }])) as Record<Visibility, Subject>,
    spareGroup,
    spareUser: { id: u.spare!.id },
  }
}

/** The group bot's token differs per visibility (a group access token belongs to one group). */
let worldBots: Record<string, string> = {}
export const tokenOf = (world: World, actor: AnyActor, v: Visibility | '-'): string | null =>
  actor === 'group_bot' ? (worldBots[v === '-' ? 'private' : v] ?? null) : world.tokens[actor]
