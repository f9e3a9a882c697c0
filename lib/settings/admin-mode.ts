// admin_mode: with the setting on, an administrator acts as one only after re-entering their
// password in the console (for ADMIN_MODE_HOURS), or through a token with the admin_mode scope,
// as GitLab does. Otherwise they are treated as a regular user.
import { createHash } from 'node:crypto'
import type { Actor } from '../auth/actor'
import { verifyPassword } from '../auth/password'
import { generationCache, getDb } from '../db'
import { setting } from './service'

const ADMIN_MODE_HOURS = 6
const digest = (sessionToken: string) => createHash('sha256').update(sessionToken).digest('hex')
/** Session digest → until when it is in admin mode (0: not). */
const sessions = generationCache<string, number>('admin-mode-sessions')

export const adminModeEnabled = () => setting<boolean>('admin_mode')

export async function inAdminMode(sessionToken: string): Promise<boolean> {
  const key = digest(sessionToken)
  const until = await sessions.read(
    key,
    async () => {
      const row = await (await getDb()).adminModeSession.findUnique({ where: { sessionDigest: key } })
      return row ? row.expiresAt.getTime() : 0
    },
    (t) => (t > Date.now() ? t : Infinity),
  )
  return until > Date.now()
}

/**
 * Re-authenticates an administrator's console session (`user` as read with its password hash). False
 * when the password is wrong or the user is no administrator.
 */
export async function enterAdminMode(
  user: { id: number; admin: boolean; passwordHash: string | null } | null,
  sessionToken: string,
  password: string,
): Promise<boolean> {
  const db = await getDb()
  if (!user?.admin || !(await verifyPassword(password, user.passwordHash))) return false
  const userId = user.id
  const sessionDigest = digest(sessionToken)
  const expiresAt = new Date(Date.now() + ADMIN_MODE_HOURS * 3600_000)
  await db.adminModeSession.upsert({
    where: { sessionDigest },
    create: { userId, sessionDigest, expiresAt },
    update: { expiresAt },
  })
  return true
}

export async function leaveAdminMode(sessionToken: string): Promise<void> {
  const db = await getDb()
  await db.adminModeSession.deleteMany({ where: { sessionDigest: digest(sessionToken) } })
}

/**
 * The actor as the rest of the request sees it: with admin mode on, an administrator without
 * admin mode (no admin_mode-scoped token, no re-authenticated session) is not an administrator.
 */
export async function applyAdminMode(actor: Actor | null, sessionToken: string | null): Promise<Actor | null> {
  if (!actor?.user.admin || !(await adminModeEnabled())) return actor
  if (actor.token?.scopes.includes('admin_mode')) return actor
  if (actor.via === 'session' && sessionToken && (await inAdminMode(sessionToken))) return actor
  if (actor.via === 'internal') return actor
  return { ...actor, user: { ...actor.user, admin: false }, adminModeRequired: true }
}
