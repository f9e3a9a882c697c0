// The oracle's reader: test/authz/gitlab-rules.yaml parsed and checked (zod), and the pure function
// that turns a row's profile into the expected answer of one cell (actor × visibility). Nothing in
// lib/ is read here: the table says what GitLab does, the product is only ever the subject.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'

export const VISIBILITIES = ['public', 'internal', 'private'] as const
export type Visibility = (typeof VISIBILITIES)[number]

/** Members of the target's group at a role (direct on the group, inherited on its projects). */
export const ROLE_LEVELS = { guest: 10, planner: 15, reporter: 20, developer: 30, maintainer: 40, owner: 50 } as const
export type Role = keyof typeof ROLE_LEVELS

/**
 * Every actor of the matrix. `level` is the actor's role on the target (null: none); `sees` says
 * which visibilities it can see without a role; `admin` bypasses roles (GitLab's admin in admin mode).
 */
export const ACTORS = {
  anonymous: { level: null, signedIn: false, admin: false },
  non_member: { level: null, signedIn: true, admin: false },
  guest: { level: 10, signedIn: true, admin: false },
  planner: { level: 15, signedIn: true, admin: false },
  reporter: { level: 20, signedIn: true, admin: false },
  developer: { level: 30, signedIn: true, admin: false },
  maintainer: { level: 40, signedIn: true, admin: false },
  owner: { level: 50, signedIn: true, admin: false },
  /** Owner of the target group's parent: the role reaches the target by inheritance. */
  owner_inherited: { level: 50, signedIn: true, admin: false },
  /** Owner of a group the target group is shared with (group_access Owner). */
  owner_shared: { level: 50, signedIn: true, admin: false },
  /** A group access token's bot user (Maintainer of the target group). */
  group_bot: { level: 40, signedIn: true, admin: false },
  admin: { level: null, signedIn: true, admin: true },
  /** An administrator whose token lacks `admin_mode` while the admin_mode setting is on: a plain user. */
  admin_no_mode: { level: null, signedIn: true, admin: false },
  /** The maintainer's token with only `read_api`. */
  read_api: { level: 40, signedIn: true, admin: false },
  /**
   * A project access token's bot: Maintainer of the target project, no member of its group, which
   * it sees all the same (GroupPolicy has_projects: a project below it) — on group rows it has no
   * role but sees the group at every visibility (expectedCell).
   */
  project_bot: { level: 40, signedIn: true, admin: false },
} as const
export type ActorName = keyof typeof ACTORS

/**
 * The maintainer's tokens with one other scope each. GitLab checks a token's scopes when it
 * authenticates, before any lookup: a route that does not list the scope answers 403
 * insufficient_scope whatever the target, so they get one column; where a route lists it, the
 * token acts as the maintainer.
 */
export const SCOPE_ACTORS = {
  scope_read_user: 'read_user',
  scope_read_repository: 'read_repository',
  scope_read_registry: 'read_registry',
  scope_create_runner: 'create_runner',
  scope_manage_runner: 'manage_runner',
  scope_ai_features: 'ai_features',
  scope_ai_workflows: 'ai_workflows',
  scope_read_service_ping: 'read_service_ping',
} as const
export type ScopeActorName = keyof typeof SCOPE_ACTORS
export const isScopeActor = (name: string): name is ScopeActorName => name in SCOPE_ACTORS
/**
 * Credentials that only some routes take (the runner protocol, CI job tokens): they make cells only
 * on rows that name them in `actors:`, and such a row says their answer in `overrides`.
 * A runner token travels as the `token` parameter, a job token as the `JOB-TOKEN` header.
 */
export const EXTRA_ACTORS = [
  'runner_token',
  'unknown_runner_token',
  'job_token_running',
  'job_token_finished',
  /** A new user's `api` token, made for its cell alone (routes that revoke the token they are called with). */
  'fresh_token',
] as const
export type ExtraActorName = (typeof EXTRA_ACTORS)[number]
/** Credentials that fail before any route's rules: the same answer on every route. */
export const TOKEN_ACTORS = [
  'unknown_token',
  'expired_token',
  'revoked_token',
  'blocked_user',
  'deactivated_user',
  /** A registry bearer token (the maintainer's, from /jwt/auth): not an API credential. */
  'registry_bearer',
] as const
export type TokenActorName = (typeof TOKEN_ACTORS)[number]
export type AnyActor = ActorName | TokenActorName | ExtraActorName | ScopeActorName

const role = z.enum(Object.keys(ROLE_LEVELS) as [Role, ...Role[]])
/** `200`, or `"404 project_404"`: a status and the name of a body under `bodies:`. */
const expectation = z.union([z.number().int(), z.string().regex(/^\d{3}( [a-z0-9_]+)?$/)])
export type Expectation = z.infer<typeof expectation>
const perVisibility = <T extends z.ZodType>(t: T) => z.union([t, z.partialRecord(z.enum(VISIBILITIES), t)])

const profile = z.strictObject({
  /** What the route's `:id` is: its visibility is the cell's column (none: one column, `-`). */
  subject: z.enum(['project', 'group', 'none']),
  /** public: anyone; required: `authenticate!` first (anonymous 401); admin: `authenticated_as_admin!`. */
  auth: z.enum(['public', 'required', 'admin']),
  /** The lowest role allowed once the subject is seen (per visibility, or one for all); absent: seeing is enough. */
  min_role: perVisibility(z.union([role, z.literal('none'), z.literal('nobody')])).optional(),
  /** The body of "cannot see the subject" (404). */
  hidden: z.string().optional(),
  /** The whole answer when the subject is unseen, where it is not a 404 (a runner: 403 for all). */
  unseen: expectation.optional(),
  /** The answer to a signed-in user who sees the subject but lacks the role (default 403 forbidden). */
  denied: expectation.optional(),
  /** The answer to anonymous on a route it may reach but not use (default: `denied`). */
  anonymous_denied: expectation.optional(),
  /** Success status (rows may override). */
  ok: z.number().int(),
  cite: z.string(),
})
export type Profile = z.infer<typeof profile>

const cellOverride = z.union([expectation, z.partialRecord(z.enum([...VISIBILITIES, '-']), expectation)])

const row = z.strictObject({
  route: z.string().regex(/^(GET|POST|PUT|PATCH|DELETE) \//),
  profile: z.string(),
  cite: z.string(),
  ok: z.number().int().optional(),
  /** The success cells' exact body, by name (where the status alone would not tell seen from unseen). */
  ok_body: z.string().optional(),
  /** A fixture kind whose values fill the path's other params (shared by read cells). */
  fixture: z.string().optional(),
  /** Success cells of a write act on a fresh fixture (or `subject`: a fresh project/group). */
  fresh: z.boolean().optional(),
  /** Success cells one at a time (each commits to the same branch). */
  serial: z.boolean().optional(),
  query: z.record(z.string(), z.string()).optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  /** Scopes the route accepts (default: api, and read_api on GET). */
  scopes: z.array(z.string()).optional(),
  /** Per-actor answers that differ from the profile's. */
  overrides: z.partialRecord(z.string(), cellOverride).optional(),
  /** Cells that do not apply, with the reason. */
  na: z.partialRecord(z.string(), z.string()).optional(),
  /** The row's actors instead of every actor (extra actors need it): protocol routes that no role reaches. */
  actors: z.array(z.string()).optional(),
  /** Path values (filled per request: `{{job_id}}` is the acting job token's job, else the running job's). */
  path: z.record(z.string(), z.string()).optional(),
  /** Request headers besides the credential. */
  headers: z.record(z.string(), z.string()).optional(),
  /** A raw text body instead of `body` (JSON). */
  raw: z.string().optional(),
  /** `body` sent as multipart/form-data; `{{group_archive}}` is a group export archive file, `{{not_an_archive}}` a file that is none. */
  multipart: z.boolean().optional(),
  note: z.string().optional(),
})
export type Row = z.infer<typeof row>

const orderRow = z.strictObject({
  name: z.string(),
  route: z.string().regex(/^(GET|POST|PUT|PATCH|DELETE) \//),
  actor: z.string(),
  visibility: z.enum(VISIBILITIES),
  fixture: z.string().optional(),
  /** Path values that replace the subject's or the fixture's (e.g. an unknown id). */
  path: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.string()).optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  raw: z.string().optional(),
  multipart: z.boolean().optional(),
  expect: expectation,
  cite: z.string(),
})

const registryAction = z.enum(['pull', 'push', 'delete'])
export type RegistryAction = z.infer<typeof registryAction>
/** The registry's token server (test/authz/registry-token.test.ts): one route, its own credentials and answer. */
const registryToken = z.strictObject({
  route: z.literal('GET /jwt/auth'),
  cite: z.string(),
  /** Per action asked for, the profile whose allowed cells (role, the project's visibility) are granted it. */
  actions: z.record(registryAction, z.string()),
  /** What a token may ask for at all, per scope (GitLab's abilities_for_scopes); unlisted scopes: nothing. */
  scope_actions: z.record(z.string(), z.array(registryAction)),
  /** No credential: GitLab's read-only abilities. */
  anonymous_actions: z.array(registryAction),
  /** An authenticated credential with no registry ability at all. */
  no_ability: expectation,
  /** Bad credentials (Basic auth fails). */
  unauthenticated: expectation,
  na: z.partialRecord(z.string(), z.string()).optional(),
})

const rulesFile = z.strictObject({
  bodies: z.record(z.string(), z.unknown()),
  token_actors: z.record(z.enum(TOKEN_ACTORS), expectation),
  profiles: z.record(z.string(), profile),
  endpoints: z.array(row),
  order: z.array(orderRow),
  registry_token: registryToken,
  pending: z.array(z.strictObject({ route: z.string(), reason: z.string() })),
})
export type Rules = z.infer<typeof rulesFile>

const isActor = (name: string) =>
  name in ACTORS ||
  isScopeActor(name) ||
  (TOKEN_ACTORS as readonly string[]).includes(name) ||
  (EXTRA_ACTORS as readonly string[]).includes(name)

export function loadRules(file = path.join(import.meta.dirname, 'gitlab-rules.yaml')): Rules {
  const rules = rulesFile.parse(parse(readFileSync(file, 'utf8')))
  const problems: string[] = []
  const seen = new Set<string>()
  for (const r of rules.endpoints) {
    if (seen.has(r.route)) problems.push(`${r.route}: two rows`)
    seen.add(r.route)
    if (!(r.profile in rules.profiles)) problems.push(`${r.route}: no profile ${r.profile}`)
    for (const name of [...Object.keys(r.overrides ?? {}), ...Object.keys(r.na ?? {}), ...(r.actors ?? [])])
      if (!isActor(name)) problems.push(`${r.route}: no actor ${name}`)
    for (const name of r.actors ?? [])
      if ((EXTRA_ACTORS as readonly string[]).includes(name) && r.overrides?.[name] === undefined)
        problems.push(`${r.route}: ${name} needs an override`)
  }
  for (const p of rules.pending) if (seen.has(p.route)) problems.push(`${p.route}: both a row and pending`)
  const bodyNames = new Set(Object.keys(rules.bodies))
  const checkBody = (where: string, e: Expectation | undefined) => {
    const name = typeof e === 'string' ? e.split(' ')[1] : undefined
    if (name && !bodyNames.has(name)) problems.push(`${where}: no body ${name}`)
  }
  for (const [n, p] of Object.entries(rules.profiles)) {
    checkBody(n, p.denied)
    checkBody(n, p.anonymous_denied)
    checkBody(n, p.unseen)
    if (p.hidden && !bodyNames.has(p.hidden)) problems.push(`${n}: no body ${p.hidden}`)
  }
  for (const r of rules.endpoints)
    for (const o of Object.values(r.overrides ?? {}))
      for (const e of typeof o === 'object' ? Object.values(o) : [o]) checkBody(r.route, e)
  for (const o of rules.order) checkBody(o.name, o.expect)
  checkBody('registry_token', rules.registry_token.no_ability)
  checkBody('registry_token', rules.registry_token.unauthenticated)
  for (const [action, name] of Object.entries(rules.registry_token.actions))
    if (!(name in rules.profiles)) problems.push(`registry_token ${action}: no profile ${name}`)
  for (const name of Object.keys(rules.registry_token.na ?? {}))
    if (!isActor(name)) problems.push(`registry_token: no actor ${name}`)
  for (const r of rules.endpoints)
    if (r.ok_body && !bodyNames.has(r.ok_body)) problems.push(`${r.route}: no body ${r.ok_body}`)
  if (problems.length) throw new Error(`gitlab-rules.yaml:\n${problems.join('\n')}`)
  return rules
}

export interface Expected {
  status: number
  /** The exact JSON body, when the cell names one. */
  body?: unknown
}

export function resolve(rules: Rules, e: Expectation): Expected {
  if (typeof e === 'number') return { status: e }
  const [status, name] = e.split(' ')
  return name ? { status: Number(status), body: rules.bodies[name] } : { status: Number(status) }
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/** The scopes a route accepts, for `insufficient_scope` (GitLab: every route api, reads read_api too). */
export const routeScopes = (r: Row): string[] =>
  r.scopes ?? (isRead(r.route.split(' ')[0]!) ? ['api', 'read_api'] : ['api'])

/** Whether the actor sees a subject of this visibility without a role. */
function seesWithoutRole(actor: ActorName, v: Visibility): boolean {
  if (v === 'public') return true
  return v === 'internal' && ACTORS[actor].signedIn
}

/**
 * GitLab's answer for one cell, from the row's profile (and its overrides): authentication, the
 * admin gate, the subject seen (404), the role (403), then success.
 */
export function expectedCell(rules: Rules, r: Row, actor: AnyActor, v: Visibility | '-'): Expected {
  const override = r.overrides?.[actor]
  if (override !== undefined) {
    if (typeof override !== 'object') return resolve(rules, override)
    const e = override[v]
    if (e !== undefined) return resolve(rules, e)
  }
  if ((TOKEN_ACTORS as readonly string[]).includes(actor))
    return resolve(rules, rules.token_actors[actor as TokenActorName])
  if (isScopeActor(actor)) {
    if (!routeScopes(r).includes(SCOPE_ACTORS[actor])) return { status: 403, body: insufficientScope(routeScopes(r)) }
    return expectedCell(rules, r, 'maintainer', v)
  }
  if ((EXTRA_ACTORS as readonly string[]).includes(actor))
    throw new Error(`${r.route}: ${actor} × ${v} has no override`)
  const p = rules.profiles[r.profile]!
  const ok = r.ok_body ? resolve(rules, `${r.ok ?? p.ok} ${r.ok_body}`) : { status: r.ok ?? p.ok }
  const a = actor === 'project_bot' && p.subject === 'group' ? PROJECT_MEMBER_ON_GROUP : ACTORS[actor as ActorName]
  if (p.auth !== 'public' && !a.signedIn) return resolve(rules, '401 unauthorized')
  // The token's scope is checked at authentication, before any lookup.
  if (actor === 'read_api' && !routeScopes(r).includes('read_api'))
    return { status: 403, body: insufficientScope(routeScopes(r)) }
  if (p.auth === 'admin') return a.admin ? ok : resolve(rules, '403 forbidden')
  if (p.subject === 'none' || v === '-') return p.min_role === 'nobody' && !a.admin ? denied(rules, p, a.signedIn) : ok
  const sees = a.admin || a.level !== null || a === PROJECT_MEMBER_ON_GROUP || seesWithoutRole(actor as ActorName, v)
  if (!sees) return resolve(rules, p.unseen ?? `404 ${p.hidden ?? 'not_found'}`)
  const min = typeof p.min_role === 'object' ? p.min_role[v] : p.min_role
  if (a.admin || min === undefined || min === 'none') return ok
  if (min !== 'nobody' && a.level !== null && a.level >= ROLE_LEVELS[min]) return ok
  return denied(rules, p, a.signedIn)
}

/** The project bot on a group row: no role there, yet the group is seen through its project (has_projects). */
const PROJECT_MEMBER_ON_GROUP = { level: null, signedIn: true, admin: false } as const

function denied(rules: Rules, p: Profile, signedIn: boolean): Expected {
  if (!signedIn && p.anonymous_denied !== undefined) return resolve(rules, p.anonymous_denied)
  return resolve(rules, p.denied ?? '403 forbidden')
}

export const insufficientScope = (scopes: string[]) => ({
  error: 'insufficient_scope',
  error_description: 'The request requires higher privileges than provided by the access token.',
  scope: scopes.join(' '),
})
