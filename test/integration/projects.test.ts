// Projects: create (user namespace, group, README), lookups and renames (301/405), list filters,
// keyset pagination, visibility rules and deletion.
import { describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

type Json = Record<string, any>
const enc = (path: string) => encodeURIComponent(path)
const ids = (rows: { id: number }[]) => rows.map((r) => r.id)

async function createProject(json: Json, token?: string) {
  const res = await api('POST', '/projects', { token, json })
  expect(res.status, res.text).toBe(201)
  return res.body
}

async function createGroup(json: Json = {}, token?: string) {
  const path = unique('grp')
  const res = await api('POST', '/groups', { token, json: { name: path, path, ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body
}

const addMember = (kind: 'groups' | 'projects', id: number, userId: number, level: number) =>
  api('POST', `/${kind}/${id}/members`, { json: { user_id: userId, access_level: level } })

describe('creating projects', () => {
  it('creates in the caller’s namespace by default, deriving the path from the name', async () => {
    const u = await createUser()
    const name = `My Project ${unique('x')}`
    const p = await createProject({ name }, u.token)
    const path = name.toLowerCase().replace(/ /g, '-')
    expect(p).toMatchObject({
      name,
      path,
      path_with_namespace: `${u.username}/${path}`,
      default_branch: 'main',
      visibility: 'private',
      creator_id: u.id,
    })
    expect(p.namespace).toMatchObject({ kind: 'user', path: u.username, full_path: u.username })
    expect(p.owner).toMatchObject({ id: u.id, username: u.username })
    expect(p.web_url).toBe(`${process.env.EXTERNAL_URL}/${u.username}/${path}`)
    expect(p.http_url_to_repo).toBe(`${process.env.EXTERNAL_URL}/${u.username}/${path}.git`)
    expect(p._links.self).toBe(`${process.env.EXTERNAL_URL}/api/v4/projects/${p.id}`)
    // The same path again in the same namespace is refused.
    const dup = await api('POST', '/projects', { token: u.token, json: { name } })
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({ message: { name: ['has already been taken'], path: ['has already been taken'] } })
  })

  it('creates in a group given namespace_id, and with a README commit on the default branch', async () => {
    const g = await createGroup()
    const p = await createProject({
      name: 'Readme',
      path: unique('readme'),
      namespace_id: g.id,
      initialize_with_readme: true,
      default_branch: 'trunk',
    })
    expect(p.namespace).toMatchObject({ id: g.id, kind: 'group' })
    expect(p.name_with_namespace).toBe(`${g.full_name} / Readme`)
    expect(p.default_branch).toBe('trunk')
    const branch = await api('GET', `/projects/${p.id}/repository/branches/trunk`)
    expect(branch.status).toBe(200)
    expect(branch.body.commit.id).toMatch(/^[0-9a-f]{40}$/)
    expect(branch.body.default).toBe(true)

    const bare = await createProject({ name: unique('bare'), namespace_id: g.id })
    expect((await api('GET', `/projects/${bare.id}/repository/branches`)).body).toEqual([])
  })

  it('needs Developer in the target group and refuses a project more visible than it', async () => {
    const g = await createGroup()
    const reporter = await createUser()
    await addMember('groups', g.id, reporter.id, 20)
    const res = await api('POST', '/projects', {
      token: reporter.token,
      json: { name: unique('p'), namespace_id: g.id },
    })
    expect(res.status).toBe(403)
    const vis = await api('POST', '/projects', {
      json: { name: unique('p'), namespace_id: g.id, visibility: 'public' },
    })
    expect(vis.status).toBe(400)
    expect(vis.body).toEqual({ message: { visibility_level: ['public is not allowed in a private group.'] } })
  })
})

describe('finding and renaming projects', () => {
  it('finds by id and by encoded path; a bare name is not a path', async () => {
    const p = await createProject({ name: unique('find') })
    expect((await api('GET', `/projects/${p.id}`)).body.path_with_namespace).toBe(p.path_with_namespace)
    const byPath = await api('GET', `/projects/${enc(p.path_with_namespace)}`)
    expect(byPath.status).toBe(200)
    expect(byPath.body.id).toBe(p.id)
    expect(byPath.body.permissions).toEqual({
      project_access: { access_level: 50, notification_level: 3 },
      group_access: null,
    })
    const bare = await api('GET', `/projects/${p.path}`)
    expect(bare.status).toBe(404)
    expect(bare.body).toEqual({ message: '404 Project Not Found' })
    expect((await api('GET', `/projects/${p.path_with_namespace}`)).body).toEqual({ error: '404 Not Found' })
  })

  it('redirects the old path after a rename: 301 for GET, 405 for other methods', async () => {
    const p = await createProject({ name: unique('old') })
    const newPath = unique('new')
    const put = await api('PUT', `/projects/${p.id}`, { json: { path: newPath, description: 'renamed' } })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({
      path: newPath,
      description: 'renamed',
      path_with_namespace: `${p.namespace.full_path}/${newPath}`,
    })

    const old = await api('GET', `/projects/${enc(p.path_with_namespace)}`, { query: { statistics: true } })
    expect(old.status).toBe(301)
    const location = `${process.env.EXTERNAL_URL}/api/v4/projects/${p.id}?statistics=true`
    expect(old.headers.get('location')).toBe(location)
    expect(old.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(old.text).toBe(`This resource has been moved permanently to ${location}`)
    const sub = await api('GET', `/projects/${enc(p.path_with_namespace)}/repository/branches`)
    expect(sub.status).toBe(301)
    expect(sub.headers.get('location')).toBe(`${process.env.EXTERNAL_URL}/api/v4/projects/${p.id}/repository/branches`)

    const putOld = await api('PUT', `/projects/${enc(p.path_with_namespace)}`, { json: { description: 'x' } })
    expect(putOld.status).toBe(405)
    expect(putOld.body).toEqual({ message: 'Non GET methods are not allowed for moved projects' })
    expect((await api('GET', `/projects/${p.id}`)).body.description).toBe('renamed')
    // A new project may take the old path; the redirect then gives way.
    const again = await createProject({ name: 'again', path: p.path })
    expect((await api('GET', `/projects/${enc(p.path_with_namespace)}`)).body.id).toBe(again.id)
    const clash = await api('PUT', `/projects/${again.id}`, { json: { path: newPath } })
    expect(clash.status).toBe(400)
    expect(clash.body).toEqual({ message: { name: ['has already been taken'], path: ['has already been taken'] } })
    const invalid = await api('PUT', `/projects/${again.id}`, { json: { path: '-bad' } })
    expect(invalid.status).toBe(400)
    expect(Object.keys(invalid.body.message)).toEqual(['path'])
    // A stranger learns nothing from the old path.
    const stranger = await createUser()
    expect((await api('GET', `/projects/${enc(p.path_with_namespace)}`, { token: stranger.token })).status).toBe(404)
  })
})

describe('listing projects', () => {
  it('filters by membership, including through an ancestor group', async () => {
    const g = await createGroup()
    const sub = await createGroup({ parent_id: g.id })
    const p = await createProject({ name: unique('deep'), namespace_id: sub.id })
    const direct = await createProject({ name: unique('direct') })
    const member = await createUser()
    const stranger = await createUser()
    await addMember('groups', g.id, member.id, 30)
    await addMember('projects', direct.id, member.id, 20)
    const own = await createProject({ name: unique('own') }, member.token)

    const mine = await api('GET', '/projects', { token: member.token, query: { membership: true, per_page: 100 } })
    expect(ids(mine.body).sort()).toEqual([p.id, direct.id, own.id].sort())
    expect((await api('GET', `/projects/${p.id}`, { token: member.token })).body.permissions.group_access).toEqual({
      access_level: 30,
      notification_level: 3,
    })
    expect(
      ids((await api('GET', '/projects', { token: stranger.token, query: { per_page: 100 } })).body),
    ).not.toContain(p.id)
    expect(ids((await api('GET', '/projects', { token: member.token, query: { owned: true } })).body)).toEqual([own.id])
    const lvl = await api('GET', '/projects', { token: member.token, query: { min_access_level: 30 } })
    expect(ids(lvl.body).sort()).toEqual([p.id, own.id].sort())
  })

  it('filters by search, visibility and archived, and orders by order_by/sort', async () => {
    const tag = unique('srch')
    const g = await createGroup({ visibility: 'public' })
    const b = await createProject({ name: `${tag} b`, namespace_id: g.id, visibility: 'public' })
    const a = await createProject({ name: `${tag} a`, namespace_id: g.id, visibility: 'internal' })
    const c = await createProject({ name: `${tag} c`, namespace_id: g.id })
    const list = (query: Json, token?: string | null) =>
      api('GET', '/projects', { token, query: { search: tag, ...query } }).then((r) => ids(r.body))

    expect(await list({})).toEqual([c.id, a.id, b.id]) // created_at desc by default
    expect(await list({ order_by: 'name', sort: 'asc' })).toEqual([a.id, b.id, c.id])
    expect(await list({ order_by: 'path', sort: 'desc' })).toEqual([c.id, b.id, a.id])
    expect(await list({ order_by: 'id', sort: 'asc' })).toEqual([b.id, a.id, c.id])
    expect(await list({ visibility: 'internal' })).toEqual([a.id])
    expect(await list({ archived: false, order_by: 'id', sort: 'asc' })).toEqual([b.id, a.id, c.id])
    expect(await list({ archived: true })).toEqual([])
    expect(await list({ search: tag.toUpperCase() })).toHaveLength(3)
    // Anonymous callers see public projects only; signed-in ones public and internal.
    expect(await list({}, null)).toEqual([b.id])
    const u = await createUser()
    expect(await list({}, u.token)).toEqual([a.id, b.id])
    const bad = await api('GET', '/projects', { query: { visibility: 'secret' } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'visibility does not have a valid value' })
  })

  it('pages with keyset: Link rel="next" with id_after, no totals, 405 for other orders', async () => {
    const tag = unique('keyset')
    const made = []
    for (let i = 0; i < 3; i++) made.push(await createProject({ name: `${tag} ${i}` }))
    const first = await api('GET', '/projects', {
      query: { pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: 2, search: tag },
    })
    expect(first.status).toBe(200)
    expect(ids(first.body)).toEqual([made[0].id, made[1].id])
    expect(first.headers.get('x-total')).toBeNull()
    expect(first.headers.get('x-total-pages')).toBeNull()
    expect(first.headers.get('x-page')).toBeNull()
    const link = first.headers.get('link')!
    const m = /^<([^>]+)>; rel="next"$/.exec(link)
    expect(m, link).not.toBeNull()
    const next = new URL(m![1]!)
    expect(`${next.origin}${next.pathname}`).toBe(`${process.env.EXTERNAL_URL}/api/v4/projects`)
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      id_after: String(made[1].id),
      pagination: 'keyset',
      order_by: 'id',
      sort: 'asc',
      per_page: '2',
      search: tag,
    })

    const second = await api('GET', `/projects${next.search}`)
    expect(ids(second.body)).toEqual([made[2].id])
    expect(second.headers.get('link')).toBeNull()

    const desc = await api('GET', '/projects', {
      query: { pagination: 'keyset', sort: 'desc', per_page: 2, search: tag },
    })
    expect(ids(desc.body)).toEqual([made[2].id, made[1].id])
    expect(new URL(/^<([^>]+)>/.exec(desc.headers.get('link')!)![1]!).searchParams.get('id_before')).toBe(
      String(made[1].id),
    )

    const bad = await api('GET', '/projects', { query: { pagination: 'keyset', order_by: 'name' } })
    expect(bad.status).toBe(405)
    expect(bad.body).toEqual({ error: 'Keyset pagination is not yet available for this type of request' })
  })
})

describe('project visibility and deletion', () => {
  it('hides private projects from non-members; internal ones from anonymous callers only', async () => {
    const priv = await createProject({ name: unique('priv') })
    const internal = await createProject({ name: unique('int'), visibility: 'internal' })
    const pub = await createProject({ name: unique('pub'), visibility: 'public' })
    const u = await createUser()
    for (const token of [u.token, null]) {
      const res = await api('GET', `/projects/${priv.id}`, { token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Project Not Found' })
      expect((await api('GET', `/projects/${enc(priv.path_with_namespace)}`, { token })).status).toBe(404)
      expect((await api('GET', `/projects/${pub.id}`, { token })).status).toBe(200)
    }
    expect((await api('GET', `/projects/${internal.id}`, { token: u.token })).status).toBe(200)
    expect((await api('GET', `/projects/${internal.id}`, { token: null })).status).toBe(404)
    // Seeing is not editing.
    const put = await api('PUT', `/projects/${internal.id}`, { token: u.token, json: { description: 'x' } })
    expect(put.status).toBe(403)
    expect(put.body).toEqual({ message: '403 Forbidden' })
  })

  it('deletes with 202, then 404; only owners may delete', async () => {
    const p = await createProject({ name: unique('del') })
    const maint = await createUser()
    await addMember('projects', p.id, maint.id, 40)
    const denied = await api('DELETE', `/projects/${p.id}`, { token: maint.token })
    expect(denied.status).toBe(403)
    const res = await api('DELETE', `/projects/${enc(p.path_with_namespace)}`)
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ message: '202 Accepted' })
    expect((await api('GET', `/projects/${p.id}`)).status).toBe(404)
    expect((await api('GET', `/projects/${p.id}/members/${maint.id}`)).status).toBe(404)
    expect((await api('DELETE', `/projects/${p.id}`)).status).toBe(404)
  })
})

describe('container registry access level', () => {
  const registryOf = async (id: number) =>
    (await (await getDb()).project.findUnique({ where: { id } }))?.containerRegistryAccessLevel

  it('defaults to enabled and shows both fields', async () => {
    const p = await createProject({ name: unique('reg') })
    expect(p).toMatchObject({ container_registry_access_level: 'enabled', container_registry_enabled: true })
    expect(await registryOf(p.id)).toBe('enabled')
    expect((await api('GET', `/projects/${p.id}`)).body).toMatchObject({
      container_registry_access_level: 'enabled',
      container_registry_enabled: true,
    })
  })

  it('accepts the level on create and update; the deprecated boolean maps to enabled/disabled', async () => {
    const p = await createProject({ name: unique('reg'), container_registry_access_level: 'private' })
    expect(p).toMatchObject({ container_registry_access_level: 'private', container_registry_enabled: true })
    const off = await api('PUT', `/projects/${p.id}`, { json: { container_registry_enabled: false } })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ container_registry_access_level: 'disabled', container_registry_enabled: false })
    expect(await registryOf(p.id)).toBe('disabled')
    const on = await api('PUT', `/projects/${p.id}`, { json: { container_registry_enabled: 'true' } })
    expect(on.body).toMatchObject({ container_registry_access_level: 'enabled', container_registry_enabled: true })
    const level = await api('PUT', `/projects/${p.id}`, { json: { container_registry_access_level: 'disabled' } })
    expect(level.body).toMatchObject({ container_registry_access_level: 'disabled', container_registry_enabled: false })
    // The list's cached entity follows the change.
    const listed = (await api('GET', '/projects', { query: { search: p.name } })).body.find((x: Json) => x.id === p.id)
    expect(listed).toMatchObject({ container_registry_access_level: 'disabled', container_registry_enabled: false })
    const created = await createProject({ name: unique('reg'), container_registry_enabled: false })
    expect(created).toMatchObject({ container_registry_access_level: 'disabled', container_registry_enabled: false })
  })

  it('refuses an unknown level with Grape’s 400 and changes nothing', async () => {
    const p = await createProject({ name: unique('reg') })
    const put = await api('PUT', `/projects/${p.id}`, { json: { container_registry_access_level: 'public' } })
    expect(put.status).toBe(400)
    expect(put.body).toEqual({ error: 'container_registry_access_level does not have a valid value' })
    expect(await registryOf(p.id)).toBe('enabled')
    const post = await api('POST', '/projects', {
      json: { name: unique('reg'), container_registry_access_level: 'yes' },
    })
    expect(post.status).toBe(400)
    expect(post.body).toEqual({ error: 'container_registry_access_level does not have a valid value' })
  })

  it('lets a Maintainer change it, not a Developer', async () => {
    const p = await createProject({ name: unique('reg') })
    const [dev, maint] = await Promise.all([createUser(), createUser()])
    await addMember('projects', p.id, dev.id, 30)
    await addMember('projects', p.id, maint.id, 40)
    const denied = await api('PUT', `/projects/${p.id}`, {
      token: dev.token,
      json: { container_registry_access_level: 'private' },
    })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ message: '403 Forbidden' })
    expect(await registryOf(p.id)).toBe('enabled')
    const ok = await api('PUT', `/projects/${p.id}`, {
      token: maint.token,
      json: { container_registry_access_level: 'private' },
    })
    expect(ok.status).toBe(200)
    expect(await registryOf(p.id)).toBe('private')
  })
})
