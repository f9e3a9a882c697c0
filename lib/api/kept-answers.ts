// Answers of `keep` endpoints (endpoint.ts), kept for the write generation (lib/db/generation-cache.ts)
// and at most KEEP_MS. Such an answer is a function of the database, the actor and the URL: a write
// in this process drops it at once, another process's write within the change-stamp poll, and what
// depends on the clock alone (a runner's `online`, a link that expires) is at most KEEP_MS old —
// GitLab itself ages such state far more coarsely (runner contact is written back every hour or so,
// expired memberships are removed by a worker). Only 200s are kept, and only bodies up to MAX_BODY,
// so the cache stays a few megabytes.
import { generationCache } from '../db'
import type { Actor } from './actor'

export { writeGeneration } from '../db'

export const KEEP_MS = 1000
const MAX_BODY = 64 * 1024
const MAX_ENTRIES = 500

export interface KeptAnswer {
  status: number
  /** The answer's headers as the handler left them (each hit sends a copy: the kernel adds per-request ones). */
  headers: Record<string, string>
  body: string | Uint8Array
}

const kept = generationCache<string, KeptAnswer>('api.kept-answers', MAX_ENTRIES)

/** Everything of the actor an answer may depend on: who, as whom, through which credential, with which rights. */
function actorKey(actor: Actor | null): string {
  if (!actor) return '-'
  return `${actor.user.id}.${actor.user.admin ? 'a' : ''}.${actor.via}.${actor.token?.id ?? ''}.${actor.sudoFrom?.id ?? ''}.${actor.adminModeRequired ? 'r' : ''}.${actor.job?.id ?? ''}`
}

/** The key of a GET of `route` at `pathAndQuery` (raw, as sent: two spellings are two keys, never one wrong one). */
export const keptKey = (route: string, actor: Actor | null, pathAndQuery: string): string => `${route}\n${actorKey(actor)}\n${pathAndQuery}`

export const keptAnswer = (key: string): KeptAnswer | undefined => kept.get(key)

/** Keeps an answer produced under `generation` (taken before the handler ran). */
export function keepAnswer(generation: number, key: string, status: number, headers: Record<string, string>, body: string | Uint8Array | null): void {
  if (status !== 200 || body === null || (typeof body === 'string' ? body.length : body.byteLength) > MAX_BODY) return
  kept.set(generation, key, { status, headers: Object.assign({}, headers), body }, Date.now() + KEEP_MS)
}
