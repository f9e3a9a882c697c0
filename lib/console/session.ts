// The console session as server components see it: the next-auth cookie read through next/headers
// (only here, never in lib/api), resolved to the same Actor the API would build from that cookie.
import { cookies } from 'next/headers'
import { cache } from 'react'
import type { Actor } from '../auth/actor'
import { csrfTokenFor, SESSION_COOKIES, sessionUserId } from '../auth/session-cookie'
import { applyAdminMode } from '../settings/admin-mode'
import { findUser } from '../users/service'
import { syncChanges } from '../db'

/** The raw session cookie value, or null when signed out. */
export const sessionToken = cache(async (): Promise<string | null> => {
  const jar = await cookies()
  for (const name of SESSION_COOKIES) {
    const value = jar.get(name)?.value
    if (value) return value
  }
  return null
})

/** The signed-in user as an API actor, or null. Memoised per request: layout and page share it. */
export const currentActor = cache(async (): Promise<Actor | null> => {
  // Every page starts here: a write committed before this page was asked for is seen by it.
  await syncChanges()
  const token = await sessionToken()
  if (!token) return null
  // Decoding through the API's own function keeps one definition of a valid session.
  const session = await sessionUserId(
    new Request('http://internal/', { headers: { cookie: `${SESSION_COOKIES[1]}=${encodeURIComponent(token)}` } }),
  )
  if (!session) return null
  try {
    const user = await findUser(session.userId)
    if (user.state !== 'active') return null
    return { user, token: null, via: 'session' }
  } catch {
    return null // the user was deleted since signing in
  }
})

/**
 * The actor for in-process API calls: as the API itself would see this session's cookie, i.e.
 * with admin_mode applied (an administrator outside admin mode acts as a regular user).
 */
export const apiActor = cache(async (): Promise<Actor | null> =>
  applyAdminMode(await currentActor(), await sessionToken()),
)

/** What client components send as X-CSRF-Token on cookie-authenticated writes. */
export async function csrfToken(): Promise<string | null> {
  const token = await sessionToken()
  return token ? csrfTokenFor(token) : null
}
