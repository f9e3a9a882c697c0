// Reads the console's next-auth session from the request's own Cookie header (never next/headers,
// so the dispatcher stays a plain Request → Response function), and checks the CSRF header.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { decode } from 'next-auth/jwt'
import { config } from '../config'
import { processState } from '../runtime/state'
import type { ApiRequest } from '../api/request'

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

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function sessionTokenOf(cookieHeader: string | null): string | null {
  for (const name of SESSION_COOKIES) {
    const v = cookieValue(cookieHeader, name)
    if (v) return v
  }
  return null
}

const sessionCache = processState('auth.sessionCache', () => new Map<string, { userId: number; until: number }>())

export async function sessionUserId(req: ApiRequest): Promise<{ userId: number; csrfValid: boolean } | null> {
  const token = sessionTokenOf(req.headers.get('cookie'))
  if (!token) return null
  const cache = sessionCache
  let hit = cache.get(token)
  if (!hit || hit.until < Date.now()) {
    let payload: Awaited<ReturnType<typeof decode>>
    try {
      // next-auth/jwt (and jose under it) load with the first session cookie, not at start-up.
      const { decode } = await import('next-auth/jwt')
      payload = await decode({ token, secret: config().authSecret })
    } catch {
      payload = null
    }
    const userId = Number(payload?.sub)
    if (!payload || !Number.isSafeInteger(userId)) return null
    const exp = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + 60_000
    if (cache.size > 10_000) cache.clear()
    hit = { userId, until: Math.min(exp, Date.now() + 60_000) }
    cache.set(token, hit)
  }
  const sent = req.headers.get(CSRF_HEADER)
  return { userId: hit.userId, csrfValid: !!sent && sameToken(sent, csrfTokenFor(token)) }
}
