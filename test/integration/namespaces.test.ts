// GitLab's namespaces API: who sees which namespace, the fields each caller gets, the existence
// check with its suggestion, and the clients that look a parent up before creating a project.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

let owner: Awaited<ReturnType<typeof createUser>>
let developer: Awaited<ReturnType<typeof createUser>>
let stranger: Awaited<ReturnType<typeof createUser>>
let top: { id: number; full_path: string; path: string }
let sub: { id: number; full_path: string; path: string }

beforeAll(async () => {
  owner = await createUser()
  developer = await createUser()
  stranger = await createUser()
  top = await createGroup({ token: owner.token, visibility: 'public' })
  sub = await createGroup({ token: owner.token, parent: top.id, prefix: 'sub' })
  await api('POST', `/groups/${top.id}/members`, {
    token: owner.token,
    json: { user_id: developer.id, access_level: 30 },
  })
  const project = (await api('POST', '/projects', { token: owner.token, json: { name: 'app', namespace_id: sub.id } }))
    .body
  await api('POST', `/projects/${project.id}/members`, {
    token: owner.token,
    json: { user_id: stranger.id, access_level: 20 },
  })
  await api('POST', '/projects', { token: owner.token, json: { name: 'tool', namespace_id: top.id } })
})

describe('GET /namespaces', () => {
  it('needs a signed-in user', async () => {
    expect((await api('GET', '/namespaces', { token: null })).status).toBe(401)
  })

  it("lists the caller's own namespace and groups of direct membership, paginated", async () => {
    const res = await api('GET', '/namespaces', { token: developer.token })
    expect(res.status).toBe(200)
    // Ordered by id: the user (and their namespace) existed before the group.
    expect(res.body.map((n: { full_path: string; kind: string }) => `${n.kind}:${n.full_path}`)).toEqual([
      `user:${developer.username}`,
      `group:${top.full_path}`,
    ])
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.headers.get('x-per-page')).toBe('20')
    // The owner: both groups (direct Owner of each, as creator) and the personal namespace; owned_only and top_level_only filter.
    const mine = (await api('GET', '/namespaces', { token: owner.token })).body.map(
      (n: { full_path: string }) => n.full_path,
    )
    expect(mine).toEqual(expect.arrayContaining([top.full_path, sub.full_path, owner.username]))
    expect(
      (await api('GET', '/namespaces', { token: developer.token, query: { owned_only: true } })).body.map(
        (n: { kind: string }) => n.kind,
      ),
    ).toEqual(['user'])
    expect(
      (await api('GET', '/namespaces', { token: owner.token, query: { top_level_only: true } })).body.map(
        (n: { full_path: string }) => n.full_path,
      ),
    ).not.toContain(sub.full_path)
    expect(
      (await api('GET', '/namespaces', { token: owner.token, query: { search: sub.path.toUpperCase() } })).body.map(
        (n: { full_path: string }) => n.full_path,
      ),
    ).toEqual([sub.full_path])
    expect(
      (
        await api('GET', '/namespaces', {
          token: owner.token,
          query: { search: `${top.path}/${sub.path}`, full_path_search: true },
        })
      ).body.map((n: { full_path: string }) => n.full_path),
    ).toEqual([sub.full_path])
    const paged = await api('GET', '/namespaces', { token: owner.token, query: { per_page: 1, page: 2 } })
    expect(paged.body).toHaveLength(1)
    expect(paged.headers.get('x-page')).toBe('2')
  })

  it('lists every namespace to administrators', async () => {
    // search matches name and path, not the parent's: the subgroup is found by its own path only.
    expect(
      (await api('GET', '/namespaces', { query: { search: top.path } })).body.map(
        (n: { full_path: string }) => n.full_path,
      ),
    ).toEqual([top.full_path])
    expect(
      (await api('GET', '/namespaces', { query: { search: sub.path } })).body.map(
        (n: { full_path: string }) => n.full_path,
      ),
    ).toEqual([sub.full_path])
    expect(
      (await api('GET', '/namespaces', { query: { search: stranger.username } })).body.map(
        (n: { kind: string }) => n.kind,
      ),
    ).toEqual(['user'])
  })
})

describe('GET /namespaces/:id', () => {
  it('shows a group to its members with GitLab fields; counts, plan and billing only to owners', async () => {
    const asOwner = await api('GET', `/namespaces/${encodeURIComponent(top.full_path)}`, { token: owner.token })
    expect(asOwner.status).toBe(200)
    expect(asOwner.body).toEqual({
      id: top.id,
      name: expect.any(String),
      path: top.path,
      kind: 'group',
      full_path: top.full_path,
      parent_id: null,
      avatar_url: null,
      web_url: expect.stringMatching(new RegExp(`/groups/${top.full_path}$`)),
      members_count_with_descendants: 2,
      root_repository_size: 0,
      projects_count: 2,
      billable_members_count: 3,
      plan: 'default',
      trial_ends_on: null,
      trial: false,
    })
    const asDeveloper = await api('GET', `/namespaces/${top.id}`, { token: developer.token })
    expect(asDeveloper.body).toEqual({
      id: top.id,
      name: expect.any(String),
      path: top.path,
      kind: 'group',
      full_path: top.full_path,
      parent_id: null,
      avatar_url: null,
      web_url: expect.any(String),
      billable_members_count: null,
    })
    // Inherited membership reaches the subgroup; a project member of the subgroup is not a group member.
    expect((await api('GET', `/namespaces/${sub.id}`, { token: developer.token })).body).toMatchObject({
      id: sub.id,
      parent_id: top.id,
    })
    expect((await api('GET', `/namespaces/${sub.id}`, { token: owner.token })).body).toMatchObject({
      root_repository_size: null,
      projects_count: 1,
      members_count_with_descendants: 1,
    })
  })

  it('answers 404 Namespace Not Found for what the caller may not read', async () => {
    for (const id of [String(top.id), encodeURIComponent(top.full_path)]) {
      const res = await api('GET', `/namespaces/${id}`, { token: stranger.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Namespace Not Found' })
    }
    expect((await api('GET', `/namespaces/${developer.username}`, { token: stranger.token })).status).toBe(404)
    expect((await api('GET', '/namespaces/999999999')).body).toEqual({ message: '404 Namespace Not Found' })
  })

  it('shows a personal namespace to its owner and administrators', async () => {
    const own = await api('GET', `/namespaces/${developer.username}`, { token: developer.token })
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({
      kind: 'user',
      full_path: developer.username,
      parent_id: null,
      billable_members_count: 1,
      plan: 'default',
    })
    expect(own.body).not.toHaveProperty('projects_count')
    const admin = await api('GET', `/namespaces/${developer.username}`)
    expect(admin.body).toMatchObject({
      kind: 'user',
      shared_runners_minutes_limit: null,
      additional_purchased_storage_size: 0,
    })
  })
})

describe('GET /namespaces/:id/exists', () => {
  it('checks a path at the top level or under a parent and suggests a free one', async () => {
    expect((await api('GET', `/namespaces/${top.path.toUpperCase()}/exists`, { token: stranger.token })).body).toEqual({
      exists: true,
      suggests: [`${top.path}1`],
    })
    expect((await api('GET', `/namespaces/${unique('free')}/exists`, { token: stranger.token })).body).toEqual({
      exists: false,
      suggests: [],
    })
    expect((await api('GET', `/namespaces/${sub.path}/exists`, { token: stranger.token })).body.exists).toBe(false)
    expect(
      (await api('GET', `/namespaces/${sub.path}/exists`, { token: stranger.token, query: { parent_id: top.id } }))
        .body,
    ).toEqual({ exists: true, suggests: [`${sub.path}1`] })
    await createGroup({ token: owner.token, parent: top.id, name: `${sub.path}1`, prefix: 'other' })
    expect(
      (await api('GET', `/namespaces/${sub.path}/exists`, { token: stranger.token, query: { parent_id: top.id } }))
        .body,
    ).toEqual({ exists: true, suggests: [`${sub.path}2`] })
    expect((await api('GET', `/namespaces/x/exists`, { token: null })).status).toBe(401)
  })
})

describe('clients', () => {
  it('python-gitlab finds a parent by path and lists namespaces', { timeout: 60_000 }, async () => {
    const script = `
import gitlab, sys
gl = gitlab.Gitlab(sys.argv[1], private_token=sys.argv[2])
ns = gl.namespaces.get(sys.argv[3])
print(ns.id, ns.kind, ns.full_path)
print(len(gl.namespaces.list(search=sys.argv[4], get_all=True)))
`
    const { stdout } = await promisify(execFile)('/usr/bin/python3', [
      '-c',
      script,
      await serverUrl(),
      ROOT_TOKEN,
      sub.full_path,
      top.path,
    ])
    expect(stdout.trim().split('\n')).toEqual([`${sub.id} group ${sub.full_path}`, '1'])
  })
})
