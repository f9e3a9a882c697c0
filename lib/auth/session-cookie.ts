// Reads the console's next-auth session from the request's own Cookie header (never next/headers,
// so the dispatcher stays a plain Request → Response function), and checks the CSRF header.
import { createHmac } from 'node:crypto'
import type { decode } from 'next-auth/jwt'
import { config } from '../config'
import { processState } from '../util/process-state'
import type { ApiRequest } from '../api/request'
import { safeEqual } from '../util/safe-equal'
import { consoleSessionUser } from './console-sessions'

export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const
export const CSRF_HEADER = 'x-csrf-token'

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return null
}

/** The CSRF token for a session: bound to the session token, so it dies with it. */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', config().authSecret).update(`csrf:${sessionToken}`).digest('base64url')
}

export function sessionTokenOf(cookieHeader: string | null): string | null {
  for (const name of SESSION_COOKIES) {
    const v = cookieValue(cookieHeader, name)
    if (v) return v
  }
  return null
}

/** Decoded JWTs (a pure function of the token and the secret, so kept by the token until it expires). */
const sessionCache = processState(
  'auth.sessionCache',
  () => new Map<string, { userId: number; sid: string; until: number }>(),
)

/** The session's JWT decoded: its user and server-side session id, or null when forged, expired or sid-less. */
async function decodeSession(token: string): Promise<{ userId: number; sid: string } | null> {
  const cache = sessionCache
  const hit = cache.get(token)
  if (hit && hit.until >= Date.now()) return hit
  let payload: Awaited<ReturnType<typeof decode>>
  try {
    // next-auth/jwt (and jose under it) load with the first session cookie, not at start-up.
    const { decode } = await import('next-auth/jwt')
    payload = await decode({ token, secret: config().authSecret })
  } catch {
    payload = null
  }
  const userId = Number(payload?.sub)
  // A JWT without a session id predates revocable sessions (or was made without signing in): no one.
  const sid = payload?.sid
  if (!payload || !Number.isSafeInteger(userId) || typeof sid !== 'string' || !sid) return null
  const exp = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + 60_000
  if (cache.size > 10_000) cache.clear()
  const decoded = { userId, sid, until: Math.min(exp, Date.now() + 60_000) }
  cache.set(token, decoded)
  return decoded
}

/**
 * The signed-in user of the request's session cookie: a valid JWT whose server-side session still
 * exists (lib/auth/console-sessions.ts) for that same user. Signing out, a password change, blocking
 * or revoking ends it here on the next request, whatever the JWT's own expiry says.
 */
export async function sessionUserId(req: ApiRequest): Promise<{ userId: number; csrfValid: boolean } | null> {
  const token = sessionTokenOf(req.headers.get('cookie'))
  if (!token) return null
  const decoded = await decodeSession(token)
  if (!decoded || (await consoleSessionUser(decoded.sid)) !== decoded.userId) return null
  const sent = req.headers.get(CSRF_HEADER)
  return { userId: decoded.userId, csrfValid: !!sent && safeEqual(sent, csrfTokenFor(token)) }
}

/** The server-side session id a session cookie names (valid signature), for signing it out. */
export async function sessionIdOf(cookieHeader: string | null): Promise<string | null> {
  const token = sessionTokenOf(cookieHeader)
  return token ? ((await decodeSession(token))?.sid ?? null) : null
}
