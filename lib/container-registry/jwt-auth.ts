// GET /jwt/auth: the registry's token server (GitLab's JwtController and
// Auth::ContainerRegistryAuthenticationService). Docker clients come here with HTTP Basic
// credentials — a password, an access token (its scopes decide what it may ask for) or
// `gitlab-ci-token` + a running job's token — or none (public pulls only), and get a JWT listing
// the actions they may take. Actions they may not take are silently dropped, never an error.
import { actorForTokenPassword, publicUser } from '../auth/authenticate'
import type { Actor } from '../auth/actor'
import { hashPassword, verifyPassword } from '../auth/password'
import { actorForJobToken } from '../ci-jobs/job-token'
import { config } from '../config'
import { setting } from '../settings/service'
import { userByLogin } from '../users/find'
import { canRegistry, type RegistryAbility } from './access'
import { projectOfImagePath } from './image-path'
import { findOrCreateRepository } from './repositories'
import { signRegistryToken, type RegistryAccess, type RegistryAuthType } from './token'
import { rootNamespaceId } from '../util/traversal-ids'

export const JWT_AUTH_PATH = '/jwt/auth'
const SERVICE = 'container_registry'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

const ACCESS_DENIED =
  "HTTP Basic: Access denied. If a password was provided for Git authentication, the password was incorrect or you're required to use a token instead of a password. If a token was provided, it was either incorrect, expired, or improperly scoped."
const unauthorizedResponse = () =>
  json(
    401,
    { errors: [{ code: 'UNAUTHORIZED', message: ACCESS_DENIED }] },
    { 'WWW-Authenticate': 'Basic realm="GitLab"' },
  )

interface Caller {
  actor: Actor | null
  authType: RegistryAuthType
  /** What the credential itself allows, whatever the user's role (a token's scopes). */
  allows: (action: 'pull' | 'push' | 'delete') => boolean
}

function basicCredentials(header: string | null): { login: string; password: string } | null {
  if (!header || !/^basic\s+/i.test(header)) return null
  const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

let dummyHash: Promise<string> | undefined
async function passwordActor(login: string, password: string): Promise<Actor | null> {
  if (!(await setting<boolean>('password_authentication_enabled_for_git'))) return null
  const user = await userByLogin(login.trim().toLowerCase())
  if (!user?.passwordHash) {
    // An unknown login costs the same scrypt, so timing does not tell which usernames exist.
    await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')))
    return null
  }
  if (!(await verifyPassword(password, user.passwordHash)) || user.state !== 'active') return null
  return { user: publicUser(user), token: null, via: 'internal' }
}

async function identify(header: string | null): Promise<Caller | 'denied' | 'no_registry_ability'> {
  const credentials = basicCredentials(header)
  if (!credentials) return { actor: null, authType: 'gitlab_or_ldap', allows: (a) => a === 'pull' }
  const { login, password } = credentials
  if (login === 'gitlab-ci-token') {
    const actor = await actorForJobToken(password)
    return actor ? { actor, authType: 'build', allows: () => true } : 'denied'
  }
  const tokenActor = await actorForTokenPassword(password)
  if (tokenActor) {
    // GitLab's abilities_for_scopes: any scope authenticates; api gives every action, read_api and
    // read_registry pull, write_registry push (without pull); no registry ability at all is a 403.
    const scopes = new Set(tokenActor.token?.scopes ?? [])
    const may = {
      pull: scopes.has('api') || scopes.has('read_api') || scopes.has('read_registry'),
      push: scopes.has('api') || scopes.has('write_registry'),
      delete: scopes.has('api'),
    }
    if (!may.pull && !may.push) return 'no_registry_ability'
    return { actor: tokenActor, authType: 'personal_access_token', allows: (a) => may[a] }
  }
  const actor = await passwordActor(login, password)
  return actor ? { actor, authType: 'gitlab_or_ldap', allows: () => true } : 'denied'
}

// Docker's path grammar: lower-case components joined by `/`.
const IMAGE_PATH = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/

const ABILITY: Record<string, RegistryAbility> = {
  pull: 'read',
  push: 'push',
  delete: 'destroy_repository',
  '*': 'destroy_repository',
}

async function repositoryAccess(caller: Caller, path: string, requested: string[]): Promise<RegistryAccess | null> {
  if (!IMAGE_PATH.test(path)) return null
  const owner = await projectOfImagePath(path)
  if (!owner) return null
  const { project } = owner
  const granted: string[] = []
  for (const action of new Set(requested)) {
    const ability = ABILITY[action]
    if (!ability) continue
    const credentialAllows =
      action === '*'
        ? caller.allows('delete') && caller.allows('push')
        : caller.allows(action as 'pull' | 'push' | 'delete')
    if (credentialAllows && (await canRegistry(caller.actor, project, ability))) granted.push(action)
  }
  if (!granted.length) return null
  // GitLab creates the repository row when it grants a push (the image appears in the API at once).
  if (granted.includes('push') || granted.includes('*')) {
    await findOrCreateRepository(project.id, owner.name)
  }
  return {
    type: 'repository',
    name: path,
    actions: granted,
    meta: {
      project_path: project.fullPathLower,
      project_id: project.id,
      root_namespace_id: rootNamespaceId(project.traversalIds),
    },
  }
}

/** `repository:<path>:<actions>`, `registry:catalog:*`; anything else is ignored. */
function parseScope(scope: string): { type: string; name: string; actions: string[] } | null {
  const first = scope.indexOf(':')
  const last = scope.lastIndexOf(':')
  if (first < 0 || last === first) return null
  return {
    type: scope.slice(0, first),
    name: scope.slice(first + 1, last),
    actions: scope
      .slice(last + 1)
      .split(',')
      .filter(Boolean),
  }
}

export async function jwtAuthResponse(req: Request): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405 })
  if (!config().registryApiUrl) return json(404, { errors: [{ code: 'UNAVAILABLE', message: 'registry not enabled' }] })
  const url = new URL(req.url)
  const service = url.searchParams.get('service')
  if (service !== SERVICE) return new Response(null, { status: 404 })
  const caller = await identify(req.headers.get('authorization'))
  if (caller === 'denied') return unauthorizedResponse()
  if (caller === 'no_registry_ability') return json(403, { errors: [{ code: 'DENIED', message: 'access forbidden' }] })
  const access: RegistryAccess[] = []
  for (const raw of url.searchParams.getAll('scope').flatMap((s) => s.split(' '))) {
    const scope = parseScope(raw)
    if (!scope) continue
    if (scope.type === 'registry' && scope.name === 'catalog') {
      if (caller.actor?.user.admin && scope.actions.includes('*'))
        access.push({ type: 'registry', name: 'catalog', actions: ['*'] })
    } else if (scope.type === 'repository') {
      const granted = await repositoryAccess(caller, scope.name, scope.actions)
      if (granted) access.push(granted)
    }
  }
  const token = await signRegistryToken({
    subject: caller.actor?.user.username ?? '',
    authType: caller.authType,
    access,
    audience: service,
  })
  return json(200, { token })
}
