import type { PersonalAccessToken } from '../db'
import type { TokenJson } from './schema'
import { isoOrNull as iso, isoTime, isoDayOrNull } from '../api/time'

export function isActive(t: Pick<PersonalAccessToken, 'revoked' | 'expiresAt'>) {
  return !t.revoked && (!t.expiresAt || t.expiresAt.getTime() > Date.now())
}

export function tokenEntity(t: PersonalAccessToken): TokenJson {
  return {
    id: t.id,
    name: t.name,
    revoked: t.revoked,
    created_at: isoTime(t.createdAt),
    description: t.description,
    scopes: t.scopes.split(' ').filter(Boolean),
    user_id: t.userId,
    last_used_at: iso(t.lastUsedAt),
    active: isActive(t),
    expires_at: isoDayOrNull(t.expiresAt),
  }
}

/** Only the creating response carries the plaintext token. */
export const tokenWithValue = (t: PersonalAccessToken, token: string) => Object.assign(tokenEntity(t), { token })
