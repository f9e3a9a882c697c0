// Answers of `keep` endpoints (endpoint.ts), kept for the write generation (lib/runtime/generation-cache.ts)
// and at most KEEP_MS. Such an answer is a function of the database, the actor and the URL: a write
// in this process drops it at once, another process's from this process's next request (docs/consistency.md), and what
// depends on the clock alone (a runner's `online`, a link that expires) is at most KEEP_MS old —
// GitLab itself ages such state far more coarsely (runner contact is written back every hour or so,
// expired memberships are removed by a worker). Only 200s are kept, and only bodies up to MAX_BODY,
// so the cache stays a few megabytes. Concurrent misses of one answer render it once: when an
// answer expires under load, the requests that arrive while it is rendered wait for it instead of
// each rendering it again (which made the slowest percentile of a busy list).
import { generationCache, writeGeneration } from '../db'
import type { Actor } from './actor'
import type { Answer } from './dispatch'
import { config } from '../config'

export const KEEP_MS = 1000
/** KEEP_ANSWERS=false serves every read afresh (the bench measures both ways). */
export const keepingAnswers = () => config().keepAnswers
const MAX_BODY = 64 * 1024
const MAX_ENTRIES = 500

export interface KeptAnswer {
  status: number
  /** The answer's headers as the handler left them (each request gets a copy: the kernel adds its own). */
  headers: Record<string, string>
  body: string | Uint8Array
}

const kept = generationCache<string, KeptAnswer>('api.kept-answers', MAX_ENTRIES)
/** Renders under way, by key: resolves to what was kept, or undefined when nothing was. */
const rendering = new Map<string, Promise<KeptAnswer | undefined>>()

/** Everything of the actor an answer may depend on: who, as whom, through which credential, with which rights. */
function actorKey(actor: Actor | null): string {
  if (!actor) return '-'
  return `${actor.user.id}.${actor.user.admin ? 'a' : ''}.${actor.via}.${actor.token?.id ?? ''}.${actor.sudoFrom?.id ?? ''}.${actor.adminModeRequired ? 'r' : ''}.${actor.job?.id ?? ''}`
}

/** The key of a GET of `route` at `pathAndQuery` (raw, as sent: two spellings are two keys, never one wrong one). */
export const keptKey = (route: string, actor: Actor | null, pathAndQuery: string): string =>
  `${route}\n${actorKey(actor)}\n${pathAndQuery}`

export const keptAnswer = (key: string): KeptAnswer | undefined => kept.get(key)

/**
 * Keeps an answer rendered under `generation` (taken before the handler ran), if it is a 200 of a
 * keepable size and nothing was written meanwhile; returns what was kept.
 */
export function keepAnswer(generation: number, key: string, answer: Answer): KeptAnswer | undefined {
  const { status, body } = answer
  if (
    generation !== writeGeneration() ||
    status !== 200 ||
    body === null ||
    (typeof body === 'string' ? body.length : body.byteLength) > MAX_BODY
  )
    return undefined
  const value = { status, headers: Object.assign({}, answer.headers), body }
  kept.set(generation, key, value, Date.now() + KEEP_MS)
  return value
}

/**
 * The kept answer for `key` (as `fresh` makes a request's own copy of it), else the one a
 * concurrent request is rendering — if it is kept, i.e. no write happened while it was rendered (a
 * request that arrived after a write must not get what was read before it) — else `render()`'s.
 */
export async function keptOrRender(
  key: string,
  render: () => Promise<Answer>,
  fresh: (kept: KeptAnswer) => Answer,
): Promise<Answer> {
  // No await before `rendering` is set: concurrent misses must find it.
  const hit = kept.get(key)
  if (hit) return fresh(hit)
  const pending = rendering.get(key)
  if (pending) {
    const shared = await pending
    if (shared) return fresh(shared)
  }
  const generation = writeGeneration()
  let done!: (value: KeptAnswer | undefined) => void
  const shared = new Promise<KeptAnswer | undefined>((resolve) => (done = resolve))
  rendering.set(key, shared)
  let value: KeptAnswer | undefined
  try {
    const answer = await render()
    value = keepAnswer(generation, key, answer)
    return answer
  } finally {
    if (rendering.get(key) === shared) rendering.delete(key)
    done(value)
  }
}
