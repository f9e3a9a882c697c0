// GET /groups/:id (GroupDetail): owner/admin-only keys, anonymous reads of public groups, 404 for
// private ones, projects (capped, with_projects=false), custom attributes; GET /groups filters.
import { beforeAll, describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { getDb, queryCount } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

const group = (opts: Parameters<typeof createGroup>[0] = {}) => createGroup({ prefix: 'gd', ...opts })

describe('GET /groups/:id', () => {
  let owner: Awaited<ReturnType<typeof createUser>>
  let maintainer: Awaited<ReturnType<typeof createUser>>
  let top: any
  let sub: any
  beforeAll(async () => {
    owner = await createUser()
    maintainer = await createUser()
    top = await group({ token: owner.token, visibility: 'public', name: 'Top' })
    sub = await group({ token: owner.token, parent: top.id, visibility: 'public', name: 'Sub' })
    expect(
      (
        await api('POST', `/groups/${top.id}/members`, {
          token: owner.token,
          json: { user_id: maintainer.id, access_level: 40 },
        })
      ).status,
    ).toBe(201)
  })

  it('gives owners and admins runners_token and enabled_git_access_protocol, omits them for others', async () => {
    const mine = await api('GET', `/groups/${top.id}`, { token: owner.token })
    expect(mine.status).toBe(200)
    expect(mine.body.runners_token).toMatch(/^GR1348941[\w-]{20}$/)
    expect(mine.body.enabled_git_access_protocol).toBe('all')
    expect(mine.body).toMatchObject({
      full_name: 'Top',
      full_path: top.path,
      shared_with_groups: [],
      projects: [],
      shared_projects: [],
      prevent_sharing_groups_outside_hierarchy: false,
    })
    // Stable across reads, stored encrypted.
    expect((await api('GET', `/groups/${top.id}`, { token: owner.token })).body.runners_token).toBe(
      mine.body.runners_token,
    )
    const row = await (await getDb()).namespace.findUnique({ where: { id: top.id } })
    expect(row?.runnersTokenEnc).toBeTruthy()
    expect(row?.runnersTokenEnc).not.toContain(mine.body.runners_token)
    expect((await api('GET', `/groups/${top.id}`)).body.runners_token).toBe(mine.body.runners_token)

    for (const token of [maintainer.token, null]) {
      const other = await api('GET', `/groups/${top.id}`, { token })
      expect(other.status).toBe(200)
      expect(other.body).not.toHaveProperty('runners_token')
      expect(other.body).not.toHaveProperty('enabled_git_access_protocol')
      expect(other.body.name).toBe('Top')
    }
  })

  it('joins ancestor names with " / " and shows prevent_sharing only on top-level groups', async () => {
    const res = await api('GET', `/groups/${encodeURIComponent(sub.full_path)}`, { token: null })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ full_name: 'Top / Sub', full_path: `${top.path}/${sub.path}`, parent_id: top.id })
    expect(res.body).not.toHaveProperty('prevent_sharing_groups_outside_hierarchy')
    expect(res.body).toHaveProperty('default_branch_protection_defaults')
    expect(res.body.avatar_url).toBeNull()
  })

  it('answers 404 for a private group to anonymous callers and non-members', async () => {
    const priv = await group({ token: owner.token, visibility: 'private' })
    const stranger = await createUser()
    expect((await api('GET', `/groups/${priv.id}`, { token: null })).body).toEqual({ message: '404 Group Not Found' })
    expect((await api('GET', `/groups/${priv.id}`, { token: stranger.token })).status).toBe(404)
    expect((await api('GET', `/groups/${priv.id}`, { token: owner.token })).status).toBe(200)
  })

  it('lists projects (at most 100) unless with_projects=false', async () => {
    const g = await group({ token: owner.token })
    for (let i = 0; i < 2; i++)
      expect(
        (await api('POST', '/projects', { token: owner.token, json: { name: unique('p'), namespace_id: g.id } }))
          .status,
      ).toBe(201)
    const res = await api('GET', `/groups/${g.id}`, { token: owner.token })
    expect(res.body.projects).toHaveLength(2)
    expect(res.body.projects[0]).toHaveProperty('path_with_namespace')
    const bare = await api('GET', `/groups/${g.id}`, { token: owner.token, query: { with_projects: false } })
    expect(bare.body).not.toHaveProperty('projects')
    expect(bare.body).not.toHaveProperty('shared_projects')
  })

  it('adds custom_attributes for administrators only', async () => {
    expect((await api('PUT', `/groups/${top.id}/custom_attributes/team`, { json: { value: 'blue' } })).status).toBe(200)
    const admin = await api('GET', `/groups/${top.id}`, { query: { with_custom_attributes: true } })
    expect(admin.body.custom_attributes).toEqual([{ key: 'team', value: 'blue' }])
    const user = await api('GET', `/groups/${top.id}`, { token: owner.token, query: { with_custom_attributes: true } })
    expect(user.body).not.toHaveProperty('custom_attributes')
  })
})

describe('GET /groups filters', () => {
  let tag: string
  let a: any
  let b: any
  let c: any
  beforeAll(async () => {
    tag = unique('flt')
    a = await group({ name: tag, visibility: 'public' })
    b = await group({ name: `${tag} beta`, visibility: 'public' })
    c = await group({ name: `zz ${tag}`, visibility: 'public' })
    const db = await getDb()
    await db.namespace.update({ where: { id: b.id }, data: { archived: true } })
    await db.namespace.update({ where: { id: c.id }, data: { markedForDeletionOn: new Date('2026-12-01T00:00:00Z') } })
  })

  const ids = (res: { body: any[] }) => res.body.map((g) => g.id)

  it('filters on active, archived and marked_for_deletion_on', async () => {
    expect(ids(await api('GET', '/groups', { query: { search: tag, active: true } }))).toEqual([a.id])
    expect(ids(await api('GET', '/groups', { query: { search: tag, active: false } })).sort()).toEqual(
      [b.id, c.id].sort(),
    )
    expect(ids(await api('GET', '/groups', { query: { search: tag, archived: true } }))).toEqual([b.id])
    expect(ids(await api('GET', '/groups', { query: { search: tag, marked_for_deletion_on: '2026-12-01' } }))).toEqual([
      c.id,
    ])
    const listed = await api('GET', '/groups', { query: { search: tag, archived: true } })
    expect(listed.body[0].archived).toBe(true)
    expect(
      (await api('GET', '/groups', { query: { search: tag, marked_for_deletion_on: '2026-12-01' } })).body[0]
        .marked_for_deletion_on,
    ).toBe('2026-12-01')
  })

  it('orders by similarity (exact, then prefix, then others), by name without search', async () => {
    const res = await api('GET', '/groups', { query: { search: tag, order_by: 'similarity' } })
    expect(ids(res)).toEqual([a.id, b.id, c.id])
    expect(res.headers.get('x-total')).toBe('3')
    const noSearch = await api('GET', '/groups', { query: { order_by: 'similarity', per_page: 5 } })
    expect(noSearch.status).toBe(200)
    const names = noSearch.body.map((g: any) => g.name)
    expect(names).toEqual([...names].sort())
  })

  it('filters on custom attributes (administrators only) and adds them with with_custom_attributes', async () => {
    await api('PUT', `/groups/${a.id}/custom_attributes/env`, { json: { value: 'prod' } })
    await api('PUT', `/groups/${a.id}/custom_attributes/tier`, { json: { value: 'gold' } })
    await api('PUT', `/groups/${b.id}/custom_attributes/env`, { json: { value: 'prod' } })
    const both = await api(
      'GET',
      `/groups?search=${tag}&custom_attributes[env]=prod&custom_attributes[tier]=gold&with_custom_attributes=true`,
    )
    expect(ids(both)).toEqual([a.id])
    expect(both.body[0].custom_attributes).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'tier', value: 'gold' },
    ])
    expect(ids(await api('GET', `/groups?search=${tag}&custom_attributes[env]=prod`)).sort()).toEqual(
      [a.id, b.id].sort(),
    )
    // Ignored for non-administrators, as GitLab does.
    const user = await createUser()
    const res = await api(
      'GET',
      `/groups?search=${tag}&custom_attributes[env]=prod&all_available=true&with_custom_attributes=true`,
      { token: user.token },
    )
    expect(ids(res).length).toBe(3)
    expect(res.body[0]).not.toHaveProperty('custom_attributes')
  })

  it('adds statistics for administrators (root_storage_statistics on top-level groups)', async () => {
    const res = await api('GET', '/groups', { query: { search: tag, statistics: true } })
    expect(res.body[0].statistics).toMatchObject({ storage_size: 0, repository_size: 0, snippets_size: 0 })
    expect(res.body[0].root_storage_statistics).toMatchObject({ container_registry_size_is_estimated: false })
    const user = await createUser()
    const anon = await api('GET', '/groups', {
      token: user.token,
      query: { search: tag, statistics: true, all_available: true },
    })
    expect(anon.body[0]).not.toHaveProperty('statistics')
  })

  it('filters on repository_storage (administrators)', async () => {
    expect(ids(await api('GET', '/groups', { query: { search: tag, repository_storage: 'default' } })).length).toBe(3)
    expect(ids(await api('GET', '/groups', { query: { search: tag, repository_storage: 'other' } }))).toEqual([])
  })

  it('keeps the query count of a list independent of its length', async () => {
    const count = async (perPage: number) => {
      const q = `/groups?per_page=${perPage}&statistics=true&with_custom_attributes=true&custom_attributes[env]=prod`
      await api('GET', q)
      await flushTokenUses()
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const before = queryCount()
        expect((await api('GET', q)).status).toBe(200)
        best = Math.min(best, queryCount() - before)
      }
      return best
    }
    expect(await count(1)).toBe(await count(20))
  })
})

describe('GET /groups/:id/projects filters', () => {
  it('accepts every filter of the spec', async () => {
    const g = await group()
    const p1 = (await api('POST', '/projects', { json: { name: 'alpha', path: unique('alpha'), namespace_id: g.id } }))
      .body
    const p2 = (await api('POST', '/projects', { json: { name: 'beta', path: unique('beta'), namespace_id: g.id } }))
      .body
    const list = (query: Record<string, string | number | boolean>) => api('GET', `/groups/${g.id}/projects`, { query })
    expect((await list({ order_by: 'similarity' })).body.map((p: any) => p.id)).toEqual([p1.id, p2.id])
    expect((await list({ order_by: 'star_count' })).status).toBe(200)
    expect((await list({ starred: true })).body).toEqual([])
    expect((await list({ topic: 'x' })).body).toEqual([])
    expect(
      (
        await list({
          with_shared: false,
          with_issues_enabled: true,
          with_merge_requests_enabled: true,
          with_security_reports: true,
        })
      ).body,
    ).toHaveLength(2)
    await api('PUT', `/projects/${p1.id}/custom_attributes/k`, { json: { value: 'v' } })
    const withAttrs = await list({ with_custom_attributes: true, order_by: 'name', sort: 'asc' })
    expect(withAttrs.body[0].custom_attributes).toEqual([{ key: 'k', value: 'v' }])
    expect(withAttrs.body[1].custom_attributes).toEqual([])
    expect((await list({ order_by: 'nope' })).body).toEqual({ error: 'order_by does not have a valid value' })
  })
})
