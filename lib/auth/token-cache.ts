// token digest → (token row, user row). Every authenticated request needs it; see ttl-cache.ts for
// the consistency rule. Unknown digests are cached too, so a flood of bad tokens costs no queries.
import type { PersonalAccessToken, User } from '../db'
import { ttlCache } from '../runtime/ttl-cache'

export interface CachedToken {
  token: PersonalAccessToken
  user: User
  /** The user without the password hash, built once per cache fill rather than per request. */
  actorUser: Omit<User, 'passwordHash'>
  /** The actor's token part (scopes split once), shared by every request: never changed. */
  actorToken: { id: number; scopes: string[] }
}

const tokens = ttlCache<string, CachedToken | null>('tokens')

export function cachedToken(digest: string): { value: CachedToken | null } | undefined {
  const value = tokens.get(digest)
  return value === undefined ? undefined : { value }
}
export const storeToken = (digest: string, value: CachedToken | null) => tokens.set(digest, value)
/** Drops every cached entry of a user (blocked, made admin, renamed …). */
export const forgetUser = (userId: number) => tokens.deleteWhere((v) => v?.user.id === userId)
export const forgetTokenId = (tokenId: number) => tokens.deleteWhere((v) => v?.token.id === tokenId)
export const forgetAllTokens = () => tokens.clear()
