// Runner status as GitLab computes it (Ci::Runner: ONLINE_CONTACT_TIMEOUT 2 h, STALE_TIMEOUT 7 days)
// and the same rules as database filters, so `status=` lists filter and paginate in SQL.
import type { Prisma } from '../db'

export const ONLINE_MS = 2 * 3600_000
export const STALE_MS = 7 * 86400_000

export const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const
export const STATUSES = ['online', 'offline', 'never_contacted', 'stale'] as const
export const STATUSES_INCL_DEPRECATED = ['active', 'paused', ...STATUSES] as const
export const SCOPES = ['specific', 'shared', ...RUNNER_TYPES, ...STATUSES_INCL_DEPRECATED] as const

interface Contact {
  contactedAt: Date | null
  createdAt: Date
  paused: boolean
}

export const isOnline = (r: Pick<Contact, 'contactedAt'>, now = Date.now()) =>
  !!r.contactedAt && r.contactedAt.getTime() > now - ONLINE_MS
export const isStale = (r: Pick<Contact, 'contactedAt' | 'createdAt'>, now = Date.now()) =>
  Math.max(r.createdAt.getTime(), r.contactedAt?.getTime() ?? 0) <= now - STALE_MS

/** GitLab's `status` (without the deprecated `paused`), used by managers and the console. */
export function runnerStatus(
  r: Pick<Contact, 'contactedAt' | 'createdAt'>,
  now = Date.now(),
): (typeof STATUSES)[number] {
  if (isStale(r, now)) return 'stale'
  if (!r.contactedAt) return 'never_contacted'
  return isOnline(r, now) ? 'online' : 'offline'
}

/** What REST answers as `status` (Ci::Runner#deprecated_rest_status): a contacted paused runner is `paused`. */
export function restStatus(r: Contact, now = Date.now()): string {
  if (isStale(r, now)) return 'stale'
  if (!r.contactedAt) return 'never_contacted'
  if (r.paused) return 'paused'
  return isOnline(r, now) ? 'online' : 'offline'
}

/** A `scope`/`type`/`status` value as a where clause (GitLab's scopes of the same names). */
export function scopeWhere(scope: string, now = Date.now()): Prisma.RunnerWhereInput {
  const online = new Date(now - ONLINE_MS)
  const stale = new Date(now - STALE_MS)
  switch (scope) {
    case 'shared':
      return { runnerType: 'instance_type' }
    case 'specific':
      return { runnerType: { in: ['group_type', 'project_type'] } }
    case 'instance_type':
    case 'group_type':
    case 'project_type':
      return { runnerType: scope }
    case 'active':
      return { paused: false }
    case 'paused':
      return { paused: true }
    case 'online':
      return { contactedAt: { gt: online } }
    case 'offline':
      return { contactedAt: { lte: online } }
    case 'never_contacted':
      return { contactedAt: null }
    case 'stale':
      return { createdAt: { lte: stale }, OR: [{ contactedAt: null }, { contactedAt: { lte: stale } }] }
    default:
      return { id: -1 }
  }
}
