// GitLab's API throttles (Rack::Attack, shared/reference §1.9): throttle_authenticated_api_* per
// user, throttle_unauthenticated_api_* per client IP. Over the limit: 429, plain-text body
// ("Retry later" or rate_limiting_response_text) and RateLimit-* / Retry-After headers.
import type { Actor } from '../auth/actor'
import { currentSettings } from '../settings/service'
import { hit } from './counter'

// The settings' names spelled out once: every request reads one of them.
const THROTTLES = {
  authenticated: {
    name: 'throttle_authenticated_api',
    enabled: 'throttle_authenticated_api_enabled',
    requests: 'throttle_authenticated_api_requests_per_period',
    period: 'throttle_authenticated_api_period_in_seconds',
  },
  unauthenticated: {
    name: 'throttle_unauthenticated_api',
    enabled: 'throttle_unauthenticated_api_enabled',
    requests: 'throttle_unauthenticated_api_requests_per_period',
    period: 'throttle_unauthenticated_api_period_in_seconds',
  },
} as const

/** Users by id; anonymous clients by address (`ip` is already resolved through trusted proxies). */
function subjectOf(actor: Actor | null, ip: string | null): string {
  return actor ? `user:${actor.user.id}` : `ip:${ip ?? 'unknown'}`
}

/**
 * The counter a request lands in. The key names the period as well as the window (Rack::Attack keys
 * on `now / period`): windows of different periods start together at every common multiple (all
 * of them at midnight UTC), and a key of the start alone carried one period's count into another's.
 */
export function throttleWindow(
  name: string,
  subject: string,
  periodSeconds: number,
  now: number,
): { key: string; reset: Date } {
  const index = Math.floor(now / (periodSeconds * 1000))
  return { key: `${name}:${subject}:${periodSeconds}s:${index}`, reset: new Date((index + 1) * periodSeconds * 1000) }
}

export async function throttleGuard(actor: Actor | null, ip: string | null): Promise<Response | null> {
  const s = await currentSettings()
  const throttle = actor ? THROTTLES.authenticated : THROTTLES.unauthenticated
  if (!s[throttle.enabled]) return null
  const limit = Number(s[throttle.requests])
  const period = Number(s[throttle.period])
  if (!(limit > 0 && period > 0)) return null
  const t = { name: throttle.name, subject: subjectOf(actor, ip) }
  const now = Date.now()
  const { key, reset } = throttleWindow(t.name, t.subject, period, now)
  const count = await hit(key, reset)
  if (count <= limit) return null
  const text =
    typeof s.rate_limiting_response_text === 'string' && s.rate_limiting_response_text
      ? s.rate_limiting_response_text
      : 'Retry later'
  return new Response(`${text}\n`, {
    status: 429,
    headers: {
      'Content-Type': 'text/plain',
      'Retry-After': String(Math.max(1, Math.ceil((reset.getTime() - now) / 1000))),
      'RateLimit-Name': t.name,
      // GitLab reports the limit normalised to requests per minute.
      'RateLimit-Limit': String(Math.round((limit * 60) / period)),
      'RateLimit-Observed': String(count),
      'RateLimit-Remaining': String(Math.max(0, limit - count)),
      'RateLimit-Reset': String(Math.floor(reset.getTime() / 1000)),
      'RateLimit-ResetTime': reset.toUTCString(),
    },
  })
}
