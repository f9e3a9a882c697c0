// Console sessions that the server can end (issue 31 A9). next-auth's JWT is signed, not stored, so
// by itself it stays valid for its week whatever happens to the account; each sign-in therefore gets
// a row here and the JWT carries the row's random id (`sid`). A request is signed in only while that
// row exists: signing out, a password change, blocking, deactivating, deleting the user and an
// administrator's "revoke all sessions" delete rows, and the very next request anywhere sees it (the
// rows are under the change stamp, so the lookup below is kept for one write generation only).
import { randomBytes } from 'node:crypto'
import { generationCache, getDb, type Prisma } from '../db'
import { digestToken } from './token-digest'

/** GitLab's default session_expire_delay: one week, from sign-in (nothing is written per request). */
export const SESSION_SECONDS = 7 * 24 * 3600

/** Session id digest → its user and end, or null when there is no such session. */
const sessions = generationCache<string, { userId: number; expiresAt: number } | null>('auth.console-sessions')

/** A fresh session for a sign-in: its id (for the JWT only; the database keeps its digest). */
export async function startConsoleSession(userId: number): Promise<string> {
  const sid = randomBytes(32).toString('base64url')
  const db = await getDb()
  const now = Date.now()
  await db.$transaction([
    // Expired rows of this user go with their next sign-in, so the table holds live sessions only.
    db.consoleSession.deleteMany({ where: { userId, expiresAt: { lte: new Date(now) } } }),
    db.consoleSession.create({
      data: { userId, digest: digestToken(sid), expiresAt: new Date(now + SESSION_SECONDS * 1000) },
    }),
  ])
  return sid
}

/** The user the session `sid` belongs to, while it lasts; null once ended or expired. */
export async function consoleSessionUser(sid: string): Promise<number | null> {
  const digest = digestToken(sid)
  const found = await sessions.read(
    digest,
    async () => {
      const row = await (
        await getDb()
      ).consoleSession.findUnique({ where: { digest }, select: { userId: true, expiresAt: true } })
      return row ? { userId: row.userId, expiresAt: row.expiresAt.getTime() } : null
    },
    (s) => s?.expiresAt ?? Infinity,
  )
  return found && found.expiresAt > Date.now() ? found.userId : null
}

/** Signing out: this session only. */
export async function endConsoleSession(sid: string): Promise<void> {
  await (await getDb()).consoleSession.deleteMany({ where: { digest: digestToken(sid) } })
}

/**
 * Every session of the user (password change, block, deactivation, revoke all): inside the caller's
 * transaction when given, so the change and the sign-out commit together. Returns how many ended.
 */
export async function endConsoleSessionsOf(userId: number, tx?: Prisma.TransactionClient): Promise<number> {
  const db = tx ?? (await getDb())
  return (await db.consoleSession.deleteMany({ where: { userId } })).count
}
