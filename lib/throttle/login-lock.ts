// GitLab's locked accounts (Devise :lockable with lock_strategy :failed_attempts, unlock_strategy
// :time): `max_login_attempts` (10 when unset) failed sign-ins lock the account for
// `failed_login_attempts_unlock_period_in_minutes` (10 when unset); a successful sign-in forgets the
// failures. Kept in RateLimitCounter rather than on the user's row: counting a guess must not move
// the change stamp (which would empty every cache of every process for each wrong password).
// An unknown login is counted under the name it gave, so "Your account is locked." tells a guesser
// nothing about which names exist.
import { getDb } from '../db'
import { setting } from '../settings/service'
import { digestToken } from '../auth/token-digest'
import { hit } from './counter'

/**
 * Devise keeps failed_attempts until a success or an unlock; a row here must end some time, so a
 * series of failures is forgotten a day after its first one (GitLab.com's rule is "within 24 hours").
 */
const FAILURES_KEPT_MS = 24 * 3600_000

const failKey = (account: string) => `login_fail:${account}`
const lockKey = (account: string) => `login_lock:${account}`

/** The key of the account a sign-in names: its user, or the name given when there is none. */
export const loginAccount = (userId: number | null, login: string) =>
  userId !== null ? `user:${userId}` : `login:${digestToken(login)}`

async function policy(): Promise<{ maxAttempts: number; unlockMs: number }> {
  const [max, minutes] = await Promise.all([
    setting<number | null>('max_login_attempts'),
    setting<number | null>('failed_login_attempts_unlock_period_in_minutes'),
  ])
  return { maxAttempts: max ?? 10, unlockMs: (minutes ?? 10) * 60_000 }
}

/** When the account's lock ends (ms), or 0 when it is not locked. */
export async function accountLockedUntil(account: string): Promise<number> {
  const row = await (
    await getDb()
  ).rateLimitCounter.findUnique({ where: { key: lockKey(account) }, select: { expiresAt: true } })
  const until = row?.expiresAt.getTime() ?? 0
  return until > Date.now() ? until : 0
}

async function lock(account: string, unlockMs: number): Promise<void> {
  const db = await getDb()
  const expiresAt = new Date(Date.now() + unlockMs)
  await db.rateLimitCounter.upsert({
    where: { key: lockKey(account) },
    create: { key: lockKey(account), count: 1, expiresAt },
    update: { expiresAt },
  })
  // The unlock starts a fresh count, as Devise's unlock_access! resets failed_attempts: the series
  // ends with the lock (countLoginAttempt drops an ended one). It is not deleted now, because a
  // guess that passed the caller's lock check before this moment must still count past the limit:
  // counting from one again let a guess racing the tenth failure reach scrypt (11 of 30 on PostgreSQL).
  await db.rateLimitCounter.updateMany({ where: { key: failKey(account) }, data: { expiresAt } })
}

export interface LoginAttempt {
  /** The account is locked (by this attempt's count): the password must not be checked. */
  locked: boolean
  /** After the check: a success forgets the failures; true when this failure locked the account. */
  settle(ok: boolean): Promise<boolean>
}

/**
 * Counts a sign-in attempt on the account before its password is checked, so concurrent guesses
 * cannot all reach scrypt: those past the limit are refused unchecked and lock the account.
 */
export async function countLoginAttempt(account: string): Promise<LoginAttempt> {
  const { maxAttempts, unlockMs } = await policy()
  const db = await getDb()
  const now = new Date()
  // A series that ended (a day after its first failure, or with its lock) starts again from one.
  await db.rateLimitCounter.deleteMany({ where: { key: failKey(account), expiresAt: { lte: now } } })
  const count = await hit(failKey(account), new Date(now.getTime() + FAILURES_KEPT_MS))
  if (count > maxAttempts) {
    await lock(account, unlockMs)
    return { locked: true, settle: async () => true }
  }
  return {
    locked: false,
    settle: async (ok) => {
      if (ok) {
        await db.rateLimitCounter.deleteMany({ where: { key: failKey(account) } })
        return false
      }
      if (count < maxAttempts) return false
      await lock(account, unlockMs)
      return true
    },
  }
}
