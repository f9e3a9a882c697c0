// token → (token row, user row) cache. Every authenticated request needs it, and a Prisma query costs
// ~0.3 ms, so entries live AUTH_CACHE_SECONDS (default 2 s): a change made by another process (revoke,
// block, admin flag) is seen within that time; the process that made it drops the entry at once.
import type { PersonalAccessToken, User } from '../db/generated/sqlite/client'
import { config } from '../config'

export interface CachedToken {
  token: PersonalAccessToken
  user: User
}
interface Entry {
  value: CachedToken | null // null: no such token (negative entries stop a flood of lookups)
  until: number
}

const MAX_ENTRIES = 50_000
const g = globalThis as { __tokenCache?: Map<string, Entry> }
const cache = () => (g.__tokenCache ??= new Map())

export function cachedToken(digest: string): Entry | undefined {
  const hit = cache().get(digest)
  if (hit && hit.until > Date.now()) return hit
  if (hit) cache().delete(digest)
  return undefined
}

export function storeToken(digest: string, value: CachedToken | null): void {
  const c = cache()
  if (c.size >= MAX_ENTRIES) c.clear()
  c.set(digest, { value, until: Date.now() + config().authCacheSeconds * 1000 })
}

/** Drops every cached entry of a user (blocked, made admin, token revoked …). */
export function forgetUser(userId: number): void {
  for (const [k, e] of cache()) if (e.value?.user.id === userId) cache().delete(k)
}
export function forgetTokenId(tokenId: number): void {
  for (const [k, e] of cache()) if (e.value?.token.id === tokenId) cache().delete(k)
}
export function forgetAllTokens(): void {
  cache().clear()
}
