// GitLab's CleanupTagsService rules for bulk tag deletion, used both by the console's dry-run
// preview and by the queued job, so the preview lists exactly what the job removes:
// 1. never `latest`; 2. names matching \A<delete>\z and not \A<keep>\z; 3. protected tags stay;
// 4. at most max_list_size (+ keep_n) candidates, sampled when there are more; 5. newest image
// first, the keep_n newest candidates stay; 6. only tags older than older_than go.
// The sample is pseudo-random but seeded by the repository and its tag names, so a preview and
// the job that follows it choose the same tags while the repository is unchanged.
import { createHash } from 'node:crypto'
import RE2 from 're2'
import { paramError } from '../api/errors'
import { parseDuration } from '../util/duration'
import type { TagInfo } from './tags'
import type { BulkDeleteParams, CleanupDecisionJson } from './schema'

export interface CleanupRules {
  deleteRegex: string
  keepRegex: string | null
  keepN: number | null
  olderThanMs: number | null
}

function compile(param: string, source: string): RE2 {
  try {
    new RE2(source)
  } catch (e) {
    throw paramError(`${param} is an invalid regexp: ${e instanceof Error ? e.message : String(e)}`)
  }
  return new RE2(`\\A(?:${source})\\z`)
}

/** The parameters' checks in Grape's order (missing regex, keep_n type, then each regex), then the rules. */
export function cleanupRules(
  params: Pick<BulkDeleteParams, 'name_regex_delete' | 'name_regex' | 'name_regex_keep' | 'keep_n' | 'older_than'>,
): CleanupRules {
  const deleteRegex = params.name_regex_delete ?? params.name_regex
  if (deleteRegex === undefined)
    throw paramError('name_regex, name_regex_delete are missing, at least one parameter must be provided')
  let keepN: number | null = null
  if (params.keep_n !== undefined) {
    const n =
      typeof params.keep_n === 'number'
        ? params.keep_n
        : /^\s*[-+]?\d+\s*$/.test(params.keep_n)
          ? Number(params.keep_n)
          : Number.NaN
    if (!Number.isSafeInteger(n)) throw paramError('keep_n is invalid')
    keepN = n
  }
  compile(params.name_regex_delete !== undefined ? 'name_regex_delete' : 'name_regex', deleteRegex)
  if (params.name_regex_keep !== undefined) compile('name_regex_keep', params.name_regex_keep)
  let olderThanMs: number | null = null
  if (params.older_than !== undefined) {
    const seconds = parseDuration(params.older_than)
    if (seconds === null) throw paramError('older_than is invalid')
    olderThanMs = seconds * 1000
  }
  return { deleteRegex, keepRegex: params.name_regex_keep ?? null, keepN, olderThanMs }
}

/** A deterministic Fisher–Yates sample (seeded xorshift). */
function sample<T>(items: T[], size: number, seed: string): T[] {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 0x100000000
  }
  const copy = [...items]
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(next() * (copy.length - i))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy.slice(0, size)
}

export interface CleanupInput {
  repositoryId: number
  names: readonly string[]
  rules: CleanupRules
  isProtected: (name: string) => boolean
  /** container_registry_cleanup_tags_service_max_list_size (0: no cap). */
  maxListSize: number
  /** Reads created_at for the candidates that survive the cheap filters. */
  details: (names: string[]) => Promise<Map<string, TagInfo | null>>
  now?: Date
}

/** One decision per tag, in name order; the job deletes those with `delete: true`. */
export async function decideCleanup(input: CleanupInput): Promise<CleanupDecisionJson[]> {
  const { rules } = input
  const del = compile('name_regex_delete', rules.deleteRegex)
  const keep = rules.keepRegex !== null ? compile('name_regex_keep', rules.keepRegex) : null
  const reason = new Map<string, CleanupDecisionJson['reason']>()
  let candidates: string[] = []
  for (const name of input.names) {
    if (name === 'latest') reason.set(name, 'latest')
    else if (!del.test(name)) reason.set(name, 'not_matching')
    else if (keep?.test(name)) reason.set(name, 'keep_regex')
    else if (input.isProtected(name)) reason.set(name, 'protected')
    else candidates.push(name)
  }
  const keepN = rules.keepN ?? 0
  const cap = input.maxListSize + Math.max(0, keepN)
  if (input.maxListSize > 0 && candidates.length > cap) {
    const chosen = new Set(sample(candidates, cap, `${input.repositoryId}:${input.names.join('\n')}`))
    for (const name of candidates) if (!chosen.has(name)) reason.set(name, 'over_limit')
    candidates = candidates.filter((n) => chosen.has(n))
  }
  // Image dates cost two registry reads per tag: only keep_n and older_than need them (as GitLab).
  const details =
    rules.keepN !== null || rules.olderThanMs !== null
      ? await input.details(candidates)
      : new Map<string, TagInfo | null>()
  const created = (name: string) => details.get(name)?.createdAt ?? null
  const now = input.now ?? new Date()
  // Newest image first; a tag whose image has no date counts as made now (GitLab's order_by_date_desc).
  const ordered = [...candidates].sort(
    (a, b) => (created(b) ?? now).getTime() - (created(a) ?? now).getTime() || (a < b ? -1 : 1),
  )
  const keptByN = new Set(rules.keepN !== null ? ordered.slice(0, Math.max(0, rules.keepN)) : [])
  for (const name of ordered) {
    if (keptByN.has(name)) reason.set(name, 'keep_n')
    else if (
      rules.olderThanMs !== null &&
      !((created(name)?.getTime() ?? Infinity) < now.getTime() - rules.olderThanMs)
    )
      reason.set(name, 'newer')
    else reason.set(name, 'delete')
  }
  return input.names.map((name) => {
    const r = reason.get(name) ?? 'not_matching'
    const at = created(name)
    return { name, created_at: at ? at.toISOString() : null, delete: r === 'delete', reason: r }
  })
}
