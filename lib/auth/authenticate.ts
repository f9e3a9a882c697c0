import { dbId } from '../api/param-types'
// Finds the caller of an API request (shared/reference §1.6). Carrier precedence as GitLab:
// `private_token`/`access_token` param > PRIVATE-TOKEN header > Authorization: Bearer > session cookie.
// A presented token that is unknown, expired or revoked is a 401 even on public endpoints.
import { forbidden, insufficientScope, invalidToken, unauthorized, notFound } from '../api/errors'
import type { Params } from '../api/params'
import { findOneFast } from '../db'
import type { Actor, ActorUser } from './actor'
import { noteTokenUse } from './last-used'
import { sessionUserId } from './session-cookie'
import { digestToken } from './token-digest'
import { tokenByDigest, type CachedToken } from './token-cache'
import type { ApiRequest } from '../api/request'

function tokenFrom(req: ApiRequest, params: Params): string | null {
  for (const key of ['private_token', 'access_token']) {
    const v = params[key]
    if (typeof v === 'string' && v) return v
  }
  const header = req.headers.get('private-token')
  if (header) return header
  const auth = req.headers.get('authorization')
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null
  return null
}

function lookup(plain: string): Promise<CachedToken | null> {
  const digest = digestToken(plain)
  return tokenByDigest(digest, async () => {
    const token = await findOneFast('PersonalAccessToken', 'digest', digest)
    const user = token ? await findOneFast('User', 'id', token.userId) : null
    return token && user
      ? { token, user, actorUser: publicUser(user), actorToken: { id: token.id, scopes: token.scopes.split(' ') } }
      : null
  })
}

/**
 * The actor of an access token sent as a password (registry and git clients' Basic auth); null when
 * it is unknown, revoked, expired or its user cannot log in.
 */
export async function actorForTokenPassword(plain: string): Promise<Actor | null> {
  const found = await lookup(plain)
  if (!found) return null
  const { token, user, actorUser, actorToken } = found
  if (token.revoked || (token.expiresAt && token.expiresAt.getTime() <= Date.now()) || user.state !== 'active')
    return null
  noteTokenUse(token)
  return { user: actorUser, token: actorToken, via: 'token' }
}

export const publicUser = ({ passwordHash: _omit, ...user }: CachedToken['user']): ActorUser => user

export function assertCanLogIn(user: ActorUser): void {
  if (user.state === 'blocked') throw forbidden('Your account has been blocked.')
  if (user.state === 'deactivated')
    throw forbidden(
      'Your account has been deactivated by your administrator. Please log back in to reactivate your account.',
    )
}

/** Resolves the actor of a request, or null for an anonymous one. Throws on a bad token. */
export async function authenticate(req: ApiRequest, params: Params): Promise<Actor | null> {
  const plain = tokenFrom(req, params)
  if (plain) {
    const found = await lookup(plain)
    if (!found) throw unauthorized()
    const { token, user, actorUser, actorToken } = found
    if (token.revoked) throw invalidToken('revoked')
    if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) throw invalidToken('expired')
    assertCanLogIn(user)
    noteTokenUse(token)
    return { user: actorUser, token: actorToken, via: 'token' }
  }
  const session = await sessionUserId(req)
  if (session === null) return null
  const user = await findOneFast('User', 'id', session.userId)
  if (!user || user.state !== 'active') return null
  // Cookie-authenticated writes need the CSRF token the console pages carry (as GitLab's frontend).
  if (!['GET', 'HEAD'].includes(req.method) && !session.csrfValid) return null
  return { user: publicUser(user), token: null, via: 'session' }
}

/**
 * `Sudo: <id|username>` / `sudo=`: an administrator with a sudo-scoped token acts as another user.
 * GitLab's `sudo!` order: credentials (401), an administrator in admin mode — the actor comes here
 * after admin mode, so `admin` is already false for one outside it — then a token, then its scope.
 */
export async function applySudo(actor: Actor | null, req: ApiRequest, params: Params): Promise<Actor | null> {
  const raw =
    (typeof params.sudo === 'string' || typeof params.sudo === 'number' ? String(params.sudo) : null) ??
    req.headers.get('sudo')
  if (!raw) return actor
  if (!actor) throw unauthorized()
  if (!actor.user.admin) throw forbidden('Must be admin to use sudo')
  if (actor.via !== 'token' || !actor.token)
    throw forbidden('Must be authenticated using an OAuth or personal access token to use sudo')
  if (!actor.token.scopes.includes('sudo')) throw insufficientScope(['sudo'])
  const numeric = dbId(raw)
  const target = /^\d+$/.test(raw)
    ? numeric === null
      ? null
      : await findOneFast('User', 'id', numeric)
    : await findOneFast('User', 'usernameLower', raw.toLowerCase())
  if (!target) throw notFound(`User with ID or username '${raw}'`)
  return { user: publicUser(target), token: actor.token, via: 'token', sudoFrom: actor.user }
}
