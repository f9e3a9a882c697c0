// Groups: create (top-level and subgroup), lookups by id and encoded path, visibility rules for
// readers, subgroup and project lists, and deletion of a whole tree.
import { describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

type Opts = { token?: string; parent?: number; visibility?: string; name?: string }

/** Creates a group (as root unless a token is given) and returns its JSON. */
async function group(opts: Opts = {}) {
  const path = unique('grp')
  const res = await api('POST', '/groups', {
    token: opts.token,
    json: { name: opts.name ?? `Group ${path}`, path, visibility: opts.visibility, parent_id: opts.parent },
  })
  expect(res.status, res.text).toBe(201)
  return res.body
}

async function project(namespaceId: number, opts: { token?: string; visibility?: string } = {}) {
  const res = await api('POST', '/projects', {
    token: opts.token,
    json: { name: unique('proj'), namespace_id: namespaceId, visibility: opts.visibility },
  })
  expect(res.status, res.text).toBe(201)
  return res.body
}

const enc = (path: string) => encodeURIComponent(path)

describe('creating groups', () => {
  it('creates a top-level group and a subgroup with full name and full path', async () => {
    const top = await group({ name: 'Alpha', visibility: 'public' })
    expect(top).toMatchObject({
      name: 'Alpha',
      visibility: 'public',
      parent_id: null,
      full_name: 'Alpha',
      full_path: top.path,
    })
    expect(top.web_url).toBe(`${process.env.EXTERNAL_URL}/groups/${top.path}`)
    expect(top.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    const sub = await group({ name: 'Beta', parent: top.id })
    expect(sub).toMatchObject({
      name: 'Beta',
      parent_id: top.id,
      full_name: 'Alpha / Beta',
      full_path: `${top.path}/${sub.path}`,
      visibility: 'private',
    })

    // The creator is the owner of the new group.
    const me = await api('GET', '/user')
    const owner = await api('GET', `/groups/${top.id}/members/${me.body.id}`)
    expect(owner.status).toBe(200)
    expect(owner.body.access_level).toBe(50)
  })

  it('refuses a duplicate path and a reserved top-level path', async () => {
    const g = await group()
    const dup = await api('POST', '/groups', { json: { name: 'Dup', path: g.path } })
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({ message: 'Failed to save group {:path=>["has already been taken"]}' })
    // Paths are case-insensitive.
    expect((await api('POST', '/groups', { json: { name: 'Dup', path: g.path.toUpperCase() } })).status).toBe(400)

    const reserved = await api('POST', '/groups', { json: { name: 'API', path: 'api' } })
    expect(reserved.status).toBe(400)
    expect(reserved.body.message.path).toEqual(['api is a reserved name'])
    // A reserved word is fine below the top level.
    expect((await api('POST', '/groups', { json: { name: 'api', path: 'api', parent_id: g.id } })).status).toBe(201)
  })

  it('refuses a subgroup more visible than its parent', async () => {
    const parent = await group({ visibility: 'internal' })
    const res = await api('POST', '/groups', {
      json: { name: 'x', path: unique('sub'), parent_id: parent.id, visibility: 'public' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: {
        visibility_level: ['public is not allowed since the visibility level of the parent group is internal.'],
      },
    })
  })

  it('reports missing params in Grape shape and needs authentication', async () => {
    const missing = await api('POST', '/groups', { json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'name is missing, path is missing' })
    const anon = await api('POST', '/groups', { token: null, json: { name: 'x', path: unique('x') } })
    expect(anon.status).toBe(401)
  })

  it('lets only maintainers of the parent create subgroups (403), and hides unseen parents (404)', async () => {
    const parent = await group()
    const dev = await createUser()
    const stranger = await createUser()
    expect(
      (await api('POST', `/groups/${parent.id}/members`, { json: { user_id: dev.id, access_level: 30 } })).status,
    ).toBe(201)
    const asDev = await api('POST', '/groups', {
      token: dev.token,
      json: { name: 'x', path: unique('x'), parent_id: parent.id },
    })
    expect(asDev.status).toBe(403)
    expect(asDev.body).toEqual({ message: '403 Forbidden' })
    const maint = await createUser()
    await api('POST', `/groups/${parent.id}/members`, { json: { user_id: maint.id, access_level: 40 } })
    const asMaint = await api('POST', '/groups', {
      token: maint.token,
      json: { name: 'm', path: unique('m'), parent_id: parent.id },
    })
    expect(asMaint.status).toBe(201)
    expect(asMaint.body.parent_id).toBe(parent.id)
    const asStranger = await api('POST', '/groups', {
      token: stranger.token,
      json: { name: 'x', path: unique('x'), parent_id: parent.id },
    })
    expect(asStranger.status).toBe(404)
    expect(asStranger.body).toEqual({ message: '404 Group Not Found' })
  })
})

describe('reading groups', () => {
  it('finds a group by id and by URL-encoded full path, never by an unencoded path', async () => {
    const top = await group()
    const sub = await group({ parent: top.id })
    expect((await api('GET', `/groups/${sub.id}`)).body.full_path).toBe(sub.full_path)
    const byPath = await api('GET', `/groups/${enc(sub.full_path)}`)
    expect(byPath.status).toBe(200)
    expect(byPath.body.id).toBe(sub.id)
    expect((await api('GET', `/groups/${enc(sub.full_path.toUpperCase())}`)).body.id).toBe(sub.id)
    expect((await api('GET', `/groups/${top.path}`)).body.id).toBe(top.id)

    const raw = await api('GET', `/groups/${sub.full_path}`)
    expect(raw.status).toBe(404)
    expect(raw.body).toEqual({ error: '404 Not Found' })
    const none = await api('GET', '/groups/999999999')
    expect(none.status).toBe(404)
    expect(none.body).toEqual({ message: '404 Group Not Found' })
  })

  it('hides a private group from non-members and anonymous callers, shows a public one to everybody', async () => {
    const priv = await group({ visibility: 'private' })
    const pub = await group({ visibility: 'public' })
    const internal = await group({ visibility: 'internal' })
    const stranger = await createUser()
    for (const token of [stranger.token, null]) {
      const res = await api('GET', `/groups/${priv.id}`, { token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: '404 Group Not Found' })
      expect((await api('GET', `/groups/${pub.id}`, { token })).body.id).toBe(pub.id)
    }
    expect((await api('GET', `/groups/${internal.id}`, { token: stranger.token })).status).toBe(200)
    expect((await api('GET', `/groups/${internal.id}`, { token: null })).status).toBe(404)

    // The groups list follows the same rules.
    const anonList = await api('GET', '/groups', { token: null, query: { search: pub.path } })
    expect(anonList.body.map((g: { id: number }) => g.id)).toEqual([pub.id])
    const hidden = await api('GET', '/groups', {
      token: stranger.token,
      query: { search: priv.path, all_available: true },
    })
    expect(hidden.body).toEqual([])
  })

  it('shows a private subgroup to members of its parent', async () => {
    const top = await group()
    const sub = await group({ parent: top.id })
    const member = await createUser()
    expect((await api('GET', `/groups/${sub.id}`, { token: member.token })).status).toBe(404)
    await api('POST', `/groups/${top.id}/members`, { json: { user_id: member.id, access_level: 10 } })
    expect((await api('GET', `/groups/${sub.id}`, { token: member.token })).status).toBe(200)
    const mine = await api('GET', '/groups', { token: member.token })
    expect(mine.body.map((g: { id: number }) => g.id).sort()).toEqual([top.id, sub.id].sort())
  })

  it('lists subgroups, and projects with and without include_subgroups', async () => {
    const top = await group()
    const subA = await group({ parent: top.id, name: 'A sub' })
    const subB = await group({ parent: top.id, name: 'B sub' })
    await group({ parent: subA.id }) // grandchild: not a direct subgroup
    const subs = await api('GET', `/groups/${top.id}/subgroups`)
    expect(subs.status).toBe(200)
    expect(subs.body.map((g: { id: number }) => g.id)).toEqual([subA.id, subB.id])
    expect(subs.headers.get('x-total')).toBe('2')

    const pTop = await project(top.id)
    const pSub = await project(subA.id)
    const direct = await api('GET', `/groups/${top.id}/projects`)
    expect(direct.body.map((p: { id: number }) => p.id)).toEqual([pTop.id])
    const all = await api('GET', `/groups/${enc(top.full_path)}/projects`, { query: { include_subgroups: true } })
    expect(all.body.map((p: { id: number }) => p.id)).toEqual([pSub.id, pTop.id]) // created_at desc
    expect(all.body[0].namespace).toMatchObject({ id: subA.id, kind: 'group', full_path: subA.full_path })
    // Anonymous callers of a public group see its public projects only.
    const pub = await group({ visibility: 'public' })
    const open = await project(pub.id, { visibility: 'public' })
    await project(pub.id)
    expect(
      (await api('GET', `/groups/${pub.id}/projects`, { token: null })).body.map((p: { id: number }) => p.id),
    ).toEqual([open.id])
    const simple = await api('GET', `/groups/${top.id}/projects`, { query: { simple: true } })
    expect(simple.body[0]).not.toHaveProperty('_links')
    expect(simple.body[0].path_with_namespace).toBe(pTop.path_with_namespace)
  })
})

describe('deleting groups', () => {
  it('answers 202 and removes subgroups and projects', async () => {
    const top = await group()
    const sub = await group({ parent: top.id })
    const deep = await group({ parent: sub.id })
    const p1 = await project(top.id)
    const p2 = await project(deep.id)
    const res = await api('DELETE', `/groups/${top.id}`)
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ message: '202 Accepted' })
    for (const id of [top.id, sub.id, deep.id])
      expect((await api('GET', `/groups/${id}`)).body).toEqual({ message: '404 Group Not Found' })
    for (const id of [p1.id, p2.id])
      expect((await api('GET', `/projects/${id}`)).body).toEqual({ message: '404 Project Not Found' })
    expect((await api('GET', `/projects/${enc(p2.path_with_namespace)}`)).status).toBe(404)
    // The path is free again.
    expect((await api('POST', '/groups', { json: { name: 'again', path: top.path } })).status).toBe(201)
  })

  it('refuses deletion by a non-owner (403) and by a stranger (404)', async () => {
    const top = await group()
    const maintainer = await createUser()
    const stranger = await createUser()
    await api('POST', `/groups/${top.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })
    const res = await api('DELETE', `/groups/${top.id}`, { token: maintainer.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: '403 Forbidden' })
    expect((await api('DELETE', `/groups/${top.id}`, { token: stranger.token })).status).toBe(404)
    expect((await api('GET', `/groups/${top.id}`)).status).toBe(200)

    // An owner who is not an admin may delete.
    const owner = await createUser()
    const own = await group({ token: owner.token })
    expect((await api('DELETE', `/groups/${own.id}`, { token: owner.token })).status).toBe(202)
  })
})
