// GitLab's API throttles (Rack::Attack, shared/reference §1.9): throttle_authenticated_api_* per
// user, throttle_unauthenticated_api_* per client IP. Over the limit: 429, plain-text body
// ("Retry later" or rate_limiting_response_text) and RateLimit-* / Retry-After headers.
import type { Actor } from '../auth/actor'
import { currentSettings } from '../settings/service'
import { hit } from './counter'
import type { ApiRequest } from '../api/request'

interface Throttle {
  name: 'throttle_authenticated_api' | 'throttle_unauthenticated_api'
  subject: string
}

function throttleFor(req: ApiRequest, actor: Actor | null, ip: string | null): Throttle {
  if (actor) return { name: 'throttle_authenticated_api', subject: `user:${actor.user.id}` }
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return { name: 'throttle_unauthenticated_api', subject: `ip:${forwarded || ip || 'unknown'}` }
}

export async function throttleGuard(req: ApiRequest, actor: Actor | null, ip: string | null): Promise<Response | null> {
  const s = await currentSettings()
  const t = throttleFor(req, actor, ip)
  if (!s[`${t.name}_enabled`]) return null
  const limit = Number(s[`${t.name}_requests_per_period`])
  const period = Number(s[`${t.name}_period_in_seconds`])
  if (!(limit > 0 && period > 0)) return null
  const now = Date.now()
  const windowStart = Math.floor(now / (period * 1000)) * period * 1000
  const reset = new Date(windowStart + period * 1000)
  const count = await hit(`${t.name}:${t.subject}:${windowStart}`, reset)
  if (count <= limit) return null
  const text = typeof s.rate_limiting_response_text === 'string' && s.rate_limiting_response_text ? s.rate_limiting_response_text : 'Retry later'
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
