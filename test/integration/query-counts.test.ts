// Lists must cost the same number of queries whatever the page size (no N+1), and the per-request
// work every call repeats (token → actor, memberships) must come from the cache.
import { beforeAll, describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { queryCount, writeGeneration } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

// Background work (the coalesced last_used_at flush) and other test files' writes (each moves this
// process's write generation and rightly drops its caches) can add queries to one measurement:
// flush first, and count only runs during which the generation did not move (the lowest of three).
async function queriesFor(path: string, query: Record<string, string | number>, token?: string | null) {
  await api('GET', path, { query, token }) // warm caches (token, memberships)
  await flushTokenUses()
  let best = Infinity
  let count = 0
  let runs = 0
  for (let i = 0; i < 50 && runs < 3; i++) {
    await api('GET', path, { query, token })
    const generation = writeGeneration()
    const before = queryCount()
    const res = await api('GET', path, { query, token })
    expect(res.status).toBe(200)
    if (writeGeneration() !== generation) continue
    runs++
    best = Math.min(best, queryCount() - before)
    count = (res.body as unknown[]).length
  }
  if (!runs) throw new Error(`every read of ${path} met a write of another test file`)
  return { queries: best, count }
}

describe('query counts', () => {
  let group: number
  let user: Awaited<ReturnType<typeof createUser>>
  beforeAll(async () => {
    user = await createUser()
    group = (await api('POST', '/groups', { token: user.token, json: { name: unique('qc'), path: unique('qc') } })).body
      .id
    for (let i = 0; i < 4; i++)
      await api('POST', '/groups', { token: user.token, json: { name: unique('qcg'), path: unique('qcg') } })
    // Public ones (with subgroups) for the anonymous keyset listing.
    for (let i = 0; i < 6; i++) {
      const top = (
        await api('POST', '/groups', { json: { name: unique('qcpub'), path: unique('qcpub'), visibility: 'public' } })
      ).body.id
      await api('POST', '/groups', {
        json: { name: unique('qcsub'), path: unique('qcsub'), visibility: 'public', parent_id: top },
      })
    }
    for (let i = 0; i < 12; i++) {
      const p = await api('POST', '/projects', {
        token: user.token,
        json: { name: unique('qcp'), namespace_id: group, initialize_with_readme: i < 3 },
      })
      expect(p.status).toBe(201)
      const m = await createUser()
      expect(
        (
          await api('POST', `/groups/${group}/members`, {
            token: user.token,
            json: { user_id: m.id, access_level: 30 },
          })
        ).status,
      ).toBe(201)
    }
  })

  it.each([
    ['/projects', { membership: 'true' }],
    ['group projects', {}],
    ['group members', {}],
    ['group members/all', {}],
    ['groups', {}],
  ] as const)('%s: constant in the page size', async (name, extra) => {
    const path = {
      '/projects': '/projects',
      'group projects': `/groups/${group}/projects`,
      'group members': `/groups/${group}/members`,
      'group members/all': `/groups/${group}/members/all`,
      groups: '/groups',
    }[name]
    const small = await queriesFor(path, { ...extra, per_page: 2 }, user.token)
    const large = await queriesFor(path, { ...extra, per_page: 10 }, user.token)
    expect(large.count).toBeGreaterThan(small.count)
    expect(large.queries).toBe(small.queries)
  })

  it.each([
    ['anonymous keyset', null, { pagination: 'keyset', order_by: 'name', sort: 'asc' }],
    [
      'administrator, all available with statistics and custom attributes',
      undefined,
      { all_available: 'true', statistics: 'true', with_custom_attributes: 'true' },
    ],
  ] as const)('GET /groups, %s: constant in the page size', async (_name, token, extra) => {
    const small = await queriesFor('/groups', { ...extra, per_page: 2 }, token)
    const large = await queriesFor('/groups', { ...extra, per_page: 10 }, token)
    expect(large.count).toBeGreaterThan(small.count)
    expect(large.queries).toBe(small.queries)
  })

  it('serves an authenticated single-project read with at most two queries once caches are warm', async () => {
    const projects = await api('GET', `/groups/${group}/projects`, { token: user.token })
    const { queries } = await queriesFor(`/projects/${projects.body[0].id}`, {}, user.token)
    expect(queries).toBeLessThanOrEqual(2)
  })
})
