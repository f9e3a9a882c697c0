// GitLab's failed-authentication ban (Gitlab::Auth::IpRateLimiter over Rack::Attack::Allow2Ban,
// gitlab.rb `rack_attack_git_basic_auth`): an address that presents bad credentials `maxretry`
// times within `findtime` is refused everything for `bantime`; a successful authentication resets
// its count. GitLab applies it to Git and /jwt/auth and ships it off; here it also guards the API,
// where a token guesser was otherwise free (issue 31), and it is on (AUTH_BAN_* in the README).
// GitLab's blocklist answers a bare 403; here it is GitLab's `too_many_requests!` (429 with
// Retry-After), so clients back off instead of treating it as a permission problem.
// Counted in the database (RateLimitCounter) so every process bans together.
import { ApiError, isApiError } from '../api/errors'
import { config } from '../config'
import { announceChange, generationCache, getDb } from '../db'
import { processState } from '../util/process-state'
import { banExempt } from './client-ip'
import { hit } from './counter'

const banKey = (ip: string) => `auth_ban:${ip}`
const failKeyPrefix = (ip: string) => `auth_fail:${ip}:`

/**
 * Ban end (ms) per address, 0 when none: kept for the write generation, so not a read per request.
 * Counters are left out of the change stamp (written all day), so a ban announces itself
 * (`announceChange`): every process refuses the address from its next request.
 */
const bans = generationCache<string, number>('throttle.auth-ban')
/**
 * Addresses this process counted failures for, with the end of that count's window: a success
 * resets the count only then, so a normal authenticated request costs no write. (A failure counted
 * by another process is not reset by a success here; it expires with its window.)
 */
const failing = processState('throttle.auth-failing', () => new Map<string, number>())

const enabled = (ip: string | null): ip is string => ip !== null && config().authBan.maxRetry > 0 && !banExempt(ip)

export const bannedError = (untilMs: number) =>
  new ApiError(
    429,
    { message: '429 Too Many Requests' },
    { 'Retry-After': String(Math.max(1, Math.ceil((untilMs - Date.now()) / 1000))) },
  )

async function readBan(ip: string): Promise<number> {
  const db = await getDb()
  const row = await db.rateLimitCounter.findUnique({ where: { key: banKey(ip) }, select: { expiresAt: true } })
  return row ? row.expiresAt.getTime() : 0
}

/** Throws the 429 when the address is banned. */
export async function refuseIfBanned(ip: string | null): Promise<void> {
  if (!enabled(ip)) return
  const until = await bans.read(
    ip,
    () => readBan(ip),
    (t) => (t > Date.now() ? t : Infinity),
  )
  if (until > Date.now()) throw bannedError(until)
}

/** Counts one failure of the address in the current window; returns the count. */
async function countFailure(ip: string): Promise<number> {
  const period = config().authBan.findTimeSeconds * 1000
  const windowEnd = (Math.floor(Date.now() / period) + 1) * period
  const count = await hit(`${failKeyPrefix(ip)}${windowEnd}`, new Date(windowEnd))
  failing.set(ip, windowEnd)
  return count
}

/** Bans the address for `bantime`; returns the 429 to answer with. */
async function startBan(ip: string): Promise<ApiError> {
  const until = Date.now() + config().authBan.banTimeSeconds * 1000
  const db = await getDb()
  const expiresAt = new Date(until)
  await db.rateLimitCounter.upsert({
    where: { key: banKey(ip) },
    create: { key: banKey(ip), count: 1, expiresAt },
    update: { expiresAt },
  })
  await announceChange('RateLimitCounter')
  return bannedError(until)
}

/** Counts one failed authentication; returns the 429 when this failure starts a ban. */
export async function noteAuthFailure(ip: string | null): Promise<ApiError | null> {
  if (!enabled(ip)) return null
  return (await countFailure(ip)) < config().authBan.maxRetry ? null : startBan(ip)
}

/** An attempt counted before its check (`countAuthAttempt`); `settle` with the check's outcome. */
export interface AuthAttempt {
  /** The 429 when the address is over its budget: the credentials must not be checked at all. */
  refused: ApiError | null
  /** After the check: a success resets the address's count, a failure at the limit starts the ban. */
  settle(ok: boolean): Promise<ApiError | null>
}

/**
 * For a check that is costly (a console sign-in pays scrypt): the attempt is counted as a failure
 * before the check, so that a burst of concurrent attempts from one address cannot all reach it (each
 * sees its own count, and those past `maxretry` are refused unchecked). Throws the 429 of a ban.
 */
export async function countAuthAttempt(ip: string | null): Promise<AuthAttempt> {
  if (!enabled(ip)) return { refused: null, settle: async () => null }
  await refuseIfBanned(ip)
  const count = await countFailure(ip)
  const { maxRetry } = config().authBan
  if (count > maxRetry) return { refused: await startBan(ip), settle: async () => null }
  return {
    refused: null,
    settle: async (ok) => {
      if (ok) noteAuthSuccess(ip)
      return !ok && count >= maxRetry ? startBan(ip) : null
    },
  }
}

/** A successful authentication from the address: its failures no longer count (Allow2Ban.reset). */
export function noteAuthSuccess(ip: string | null): void {
  if (ip === null) return
  const windowEnd = failing.get(ip)
  if (windowEnd === undefined) return
  failing.delete(ip)
  if (windowEnd <= Date.now()) return
  void getDb()
    .then((db) => db.rateLimitCounter.deleteMany({ where: { key: { startsWith: failKeyPrefix(ip) } } }))
    .catch(() => {})
}

/**
 * Runs an authentication under the ban: a banned address is refused before its credentials are
 * looked at (so a guess that happens to be right cannot be told apart), a 401 is counted.
 */
export async function authenticateUnderBan<T>(ip: string | null, run: () => Promise<T | null>): Promise<T | null> {
  await refuseIfBanned(ip)
  try {
    const actor = await run()
    if (actor) noteAuthSuccess(ip)
    return actor
  } catch (e) {
    if (isApiError(e) && e.status === 401) throw (await noteAuthFailure(ip)) ?? e
    throw e
  }
}
