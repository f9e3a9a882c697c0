import { describe, expect, it } from 'vitest'
import { cleanupRules, decideCleanup, type CleanupInput } from './cleanup'
import type { TagInfo } from './tags'

const day = 24 * 3600_000
const now = new Date('2026-01-31T00:00:00Z')
const info = (name: string, daysOld: number | null): TagInfo => ({
  name,
  digest: null,
  configDigest: null,
  createdAt: daysOld === null ? null : new Date(now.getTime() - daysOld * day),
  totalSize: 0,
})

function input(names: string[], ages: Record<string, number | null>, over: Partial<CleanupInput> = {}): CleanupInput {
  return {
    repositoryId: 1,
    names,
    rules: cleanupRules({ name_regex_delete: '.*' }),
    isProtected: () => false,
    maxListSize: 0,
    details: async (n) => new Map(n.map((x) => [x, info(x, ages[x] ?? null)])),
    now,
    ...over,
  }
}
const reasons = (d: { name: string; reason: string }[]) => Object.fromEntries(d.map((x) => [x.name, x.reason]))

describe('cleanupRules', () => {
  it('checks in Grape’s order with GitLab’s messages', () => {
    expect(() => cleanupRules({})).toThrow(
      expect.objectContaining({
        body: { error: 'name_regex, name_regex_delete are missing, at least one parameter must be provided' },
      }),
    )
    expect(() => cleanupRules({ name_regex: '(?=a)', keep_n: 'x' })).toThrow(
      expect.objectContaining({ body: { error: 'keep_n is invalid' } }),
    )
    expect(() => cleanupRules({ name_regex: '(?=a)' })).toThrow(
      expect.objectContaining({ body: { error: expect.stringMatching(/^name_regex is an invalid regexp: /) } }),
    )
    expect(cleanupRules({ name_regex_delete: 'v.*', keep_n: '3', older_than: '1d' })).toEqual({
      deleteRegex: 'v.*',
      keepRegex: null,
      keepN: 3,
      olderThanMs: day,
    })
    expect(cleanupRules({ name_regex_delete: 'v.*', older_than: '1month' }).olderThanMs).toBe(30 * day)
    expect(() => cleanupRules({ name_regex_delete: 'v.*', older_than: 'soon' })).toThrow(
      expect.objectContaining({ body: { error: 'older_than is invalid' } }),
    )
  })
  it('accepts re2 classes and flags', () => {
    for (const ok of ['(?i)abc', '[[:alpha:]]+', '\\pL+', 'v\\d+\\.\\d+'])
      expect(() => cleanupRules({ name_regex_delete: ok }), ok).not.toThrow()
  })
})

describe('decideCleanup', () => {
  it('anchors the regexes, spares latest, keep regex, protected tags; keep_n keeps the newest images', async () => {
    const names = ['a1', 'a2', 'a3', 'ab', 'keep', 'latest', 'prot', 'xa1']
    const ages = { a1: 30, a2: 20, a3: 10, ab: 40, keep: 50, prot: 60 }
    const d = await decideCleanup(
      input(names, ages, {
        rules: cleanupRules({ name_regex_delete: 'a\\d|ab|keep|prot|latest', name_regex_keep: 'keep', keep_n: 1 }),
        isProtected: (n) => n === 'prot',
      }),
    )
    expect(reasons(d)).toEqual({
      a1: 'delete',
      a2: 'delete',
      a3: 'keep_n',
      ab: 'delete',
      keep: 'keep_regex',
      latest: 'latest',
      prot: 'protected',
      xa1: 'not_matching',
    })
    expect(d.filter((x) => x.delete).map((x) => x.name)).toEqual(['a1', 'a2', 'ab'])
  })

  it('older_than spares newer tags and tags without a date', async () => {
    const d = await decideCleanup(
      input(
        ['old', 'new', 'undated'],
        { old: 10, new: 1, undated: null },
        { rules: cleanupRules({ name_regex_delete: '.*', older_than: '5d' }) },
      ),
    )
    expect(reasons(d)).toEqual({ old: 'delete', new: 'newer', undated: 'newer' })
  })

  it('caps the candidates at max_list_size + keep_n with a sample that repeats for the same tags', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `t${String(i).padStart(2, '0')}`)
    const run = () =>
      decideCleanup(input(names, {}, { maxListSize: 10, rules: cleanupRules({ name_regex_delete: '.*', keep_n: 2 }) }))
    const first = await run()
    expect(first.filter((x) => x.reason === 'over_limit')).toHaveLength(38)
    expect(first.filter((x) => x.delete)).toHaveLength(10)
    expect(first.filter((x) => x.reason === 'keep_n')).toHaveLength(2)
    expect(await run()).toEqual(first)
    // no cap: all but keep_n
    const all = await decideCleanup(
      input(names, {}, { maxListSize: 0, rules: cleanupRules({ name_regex_delete: '.*', keep_n: 2 }) }),
    )
    expect(all.filter((x) => x.delete)).toHaveLength(48)
  })
})
