// token digest → (token row, user row). Every authenticated request needs it; kept for the write
// generation (runtime/generation-cache.ts), so a revoked token, a blocked user or a changed admin
// flag is refused from the next request in every process. Unknown digests are kept too, so a flood
// of bad tokens costs no queries.
import type { PersonalAccessToken, User } from '../db'
import { generationCache } from '../db'

export interface CachedToken {
  token: PersonalAccessToken
  user: User
  /** The user without the password hash, built once per cache fill rather than per request. */
  actorUser: Omit<User, 'passwordHash'>
  /** The actor's token part (scopes split once), shared by every request: never changed. */
  actorToken: { id: number; scopes: string[] }
}

const tokens = generationCache<string, CachedToken | null>('tokens', 50_000)

/** The token of this digest with its user, read once per generation. */
export const tokenByDigest = (digest: string, load: () => Promise<CachedToken | null>): Promise<CachedToken | null> =>
  tokens.read(digest, load)
