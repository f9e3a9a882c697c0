// Members of groups and projects: add/get/update/remove, GitLab's validation and conflict bodies,
// inherited membership through the group tree, and who may grant what.
import { describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

type Kind = 'groups' | 'projects'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function createGroup(json: Record<string, unknown> = {}, token?: string) {
  const path = unique('grp')
  const res = await api('POST', '/groups', { token, json: { name: `G ${path}`, path, ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body
}

async function createProject(json: Record<string, unknown> = {}, token?: string) {
  const res = await api('POST', '/projects', {
    token,
    json: { name: unique('proj'), initialize_with_readme: true, ...json },
  })
  expect(res.status, res.text).toBe(201)
  return res.body
}

const add = (kind: Kind, id: number, json: Record<string, unknown>, token?: string) =>
  api('POST', `/${kind}/${id}/members`, { token, json })

async function member(kind: Kind, id: number, userId: number, level: number) {
  const res = await add(kind, id, { user_id: userId, access_level: level })
  expect(res.status, res.text).toBe(201)
  return res.body
}

describe.each(['groups', 'projects'] as const)('%s members', (kind) => {
  const source = () => (kind === 'groups' ? createGroup() : createProject())

  it('adds a member (201) with access_level and expires_at, then reads it back', async () => {
    const s = await source()
    const u = await createUser()
    const expires = day(30)
    const res = await add(kind, s.id, { user_id: u.id, access_level: 30, expires_at: expires })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      id: u.id,
      username: u.username,
      name: `User ${u.username}`,
      state: 'active',
      access_level: 30,
      expires_at: expires,
      membership_state: 'active',
    })
    expect(res.body.web_url).toBe(`${process.env.EXTERNAL_URL}/${u.username}`)

    const got = await api('GET', `/${kind}/${s.id}/members/${u.id}`)
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ id: u.id, access_level: 30, expires_at: expires })
    const list = await api('GET', `/${kind}/${s.id}/members`)
    expect(list.body.map((m: { id: number }) => m.id)).toContain(u.id)
    expect((await api('GET', `/${kind}/${s.id}/members`, { query: { query: u.username } })).body).toHaveLength(1)
  })

  it('answers 409 for a duplicate and 400 for bad or missing params', async () => {
    const s = await source()
    const u = await createUser()
    await member(kind, s.id, u.id, 20)
    const dup = await add(kind, s.id, { user_id: u.id, access_level: 30 })
    expect(dup.status).toBe(409)
    expect(dup.body).toEqual({ message: 'Member already exists' })

    const other = await createUser()
    const invalid = await add(kind, s.id, { user_id: other.id, access_level: 25 })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual({ error: 'access_level does not have a valid value' })
    const missing = await add(kind, s.id, { user_id: other.id })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'access_level is missing' })
    const nobody = await add(kind, s.id, { access_level: 30 })
    expect(nobody.status).toBe(400)
    expect(nobody.body).toEqual({ error: 'user_id, username are missing, at least one parameter must be provided' })
    const both = await add(kind, s.id, { user_id: other.id, username: other.username, access_level: 30 })
    expect(both.body).toEqual({ error: 'user_id, username are mutually exclusive' })
    const past = await add(kind, s.id, { user_id: other.id, access_level: 30, expires_at: day(-2) })
    expect(past.status).toBe(400)
    expect(past.body).toEqual({ message: { expires_at: ['cannot be a date in the past'] } })
    const badDate = await add(kind, s.id, { user_id: other.id, access_level: 30, expires_at: 'soon' })
    expect(badDate.status).toBe(400)
    expect(badDate.body).toEqual({ error: 'expires_at is invalid' })
    const unknown = await add(kind, s.id, { user_id: 999_999_999, access_level: 30 })
    expect(unknown.status).toBe(404)
    // None of the failures left a membership behind.
    expect((await api('GET', `/${kind}/${s.id}/members/${other.id}`)).status).toBe(404)
  })

  it('answers 404 "Not found" for a non-member, changes the level with PUT and removes with DELETE 204', async () => {
    const s = await source()
    const u = await createUser()
    const none = await api('GET', `/${kind}/${s.id}/members/${u.id}`)
    expect(none.status).toBe(404)
    expect(none.body).toEqual({ message: '404 Not found' })

    await member(kind, s.id, u.id, 20)
    const put = await api('PUT', `/${kind}/${s.id}/members/${u.id}`, { json: { access_level: 40 } })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ id: u.id, access_level: 40 })
    expect((await api('GET', `/${kind}/${s.id}/members/${u.id}`)).body.access_level).toBe(40)

    const del = await api('DELETE', `/${kind}/${s.id}/members/${u.id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await api('GET', `/${kind}/${s.id}/members/${u.id}`)).status).toBe(404)
    expect((await api('DELETE', `/${kind}/${s.id}/members/${u.id}`)).status).toBe(404)
  })

  it('answers one of two concurrent removals of a member with 204 and the other with 404, never 500', async () => {
    const s = await source()
    for (let round = 0; round < 5; round++) {
      const u = await createUser()
      await member(kind, s.id, u.id, 30)
      const both = await Promise.all([1, 2].map(() => api('DELETE', `/${kind}/${s.id}/members/${u.id}`)))
      expect(both.map((r) => r.status).sort()).toEqual([204, 404])
      expect(both.find((r) => r.status === 404)!.body).toEqual({ message: '404 Not found' })
    }
  })

  it('lets guests read members but not add anyone (403)', async () => {
    const s = await source()
    const guest = await createUser()
    const other = await createUser()
    await member(kind, s.id, guest.id, 10)
    expect((await api('GET', `/${kind}/${s.id}/members`, { token: guest.token })).status).toBe(200)
    const res = await add(kind, s.id, { user_id: other.id, access_level: 10 }, guest.token)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: '403 Forbidden' })
    const stranger = await createUser()
    expect((await api('GET', `/${kind}/${s.id}/members`, { token: stranger.token })).status).toBe(404)
  })
})

describe('who may grant what', () => {
  it('lets a project maintainer add up to maintainer but not an owner (403)', async () => {
    const p = await createProject()
    const [maint, a, b] = await Promise.all([createUser(), createUser(), createUser()])
    await member('projects', p.id, maint.id, 40)
    expect((await add('projects', p.id, { user_id: a.id, access_level: 40 }, maint.token)).status).toBe(201)
    const owner = await add('projects', p.id, { user_id: b.id, access_level: 50 }, maint.token)
    expect(owner.status).toBe(403)
    expect((await api('GET', `/projects/${p.id}/members/${b.id}`)).status).toBe(404)
    // Nor promote someone to owner.
    expect(
      (await api('PUT', `/projects/${p.id}/members/${a.id}`, { token: maint.token, json: { access_level: 50 } }))
        .status,
    ).toBe(403)
  })

  it('lets a group owner who is not an admin manage members; a maintainer of a group cannot', async () => {
    const owner = await createUser()
    const g = await createGroup({}, owner.token)
    const [maint, x] = await Promise.all([createUser(), createUser()])
    expect((await add('groups', g.id, { user_id: maint.id, access_level: 40 }, owner.token)).status).toBe(201)
    expect((await add('groups', g.id, { user_id: x.id, access_level: 30 }, maint.token)).status).toBe(403)
    expect((await add('groups', g.id, { username: x.username, access_level: 50 }, owner.token)).body).toMatchObject({
      id: x.id,
      access_level: 50,
    })
  })
})

describe('inherited membership', () => {
  it('lists inherited members once at their highest level in members/all', async () => {
    const top = await createGroup()
    const sub = await createGroup({ parent_id: top.id })
    const p = await createProject({ namespace_id: sub.id })
    const [rep, dev] = await Promise.all([createUser(), createUser()])
    await member('groups', top.id, rep.id, 20)
    await member('groups', sub.id, rep.id, 40) // higher than inherited: allowed
    await member('groups', top.id, dev.id, 30)

    const all = await api('GET', `/projects/${p.id}/members/all`, { query: { per_page: 100 } })
    expect(all.status).toBe(200)
    const byId = new Map(all.body.map((m: { id: number; access_level: number }) => [m.id, m.access_level]))
    expect(byId.get(rep.id)).toBe(40)
    expect(byId.get(dev.id)).toBe(30)
    expect(all.body.filter((m: { id: number }) => m.id === rep.id)).toHaveLength(1)
    expect(all.headers.get('x-total')).toBe(String(all.body.length))

    expect((await api('GET', `/projects/${p.id}/members`)).body.map((m: { id: number }) => m.id)).not.toContain(dev.id)
    expect((await api('GET', `/projects/${p.id}/members/all/${dev.id}`)).body.access_level).toBe(30)
    expect((await api('GET', `/groups/${sub.id}/members/all/${rep.id}`)).body.access_level).toBe(40)
    expect((await api('GET', `/projects/${p.id}/members/${dev.id}`)).status).toBe(404)
  })

  it('refuses a membership below the inherited level', async () => {
    const top = await createGroup()
    const sub = await createGroup({ parent_id: top.id })
    const p = await createProject({ namespace_id: sub.id })
    const dev = await createUser()
    await member('groups', top.id, dev.id, 30)
    const message = {
      access_level: [`should be greater than or equal to Developer inherited membership from group ${top.full_name}`],
    }
    for (const [kind, id] of [
      ['groups', sub.id],
      ['projects', p.id],
    ] as const) {
      const res = await add(kind, id, { user_id: dev.id, access_level: 20 })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message })
    }
    expect((await add('projects', p.id, { user_id: dev.id, access_level: 30 })).status).toBe(201)
    const lower = await api('PUT', `/projects/${p.id}/members/${dev.id}`, { json: { access_level: 10 } })
    expect(lower.status).toBe(400)
    expect(lower.body).toEqual({ message })
  })

  it('grants inherited roles: a group developer may create a branch in a subgroup project', async () => {
    const top = await createGroup()
    const sub = await createGroup({ parent_id: top.id })
    const p = await createProject({ namespace_id: sub.id })
    const [dev, rep] = await Promise.all([createUser(), createUser()])
    expect(
      (
        await api('POST', `/projects/${p.id}/repository/branches`, {
          token: dev.token,
          json: { branch: 'x', ref: 'main' },
        })
      ).status,
    ).toBe(404)
    await member('groups', top.id, dev.id, 30)
    await member('groups', top.id, rep.id, 20)
    const res = await api('POST', `/projects/${p.id}/repository/branches`, {
      token: dev.token,
      json: { branch: 'from-dev', ref: 'main' },
    })
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('from-dev')
    const denied = await api('POST', `/projects/${p.id}/repository/branches`, {
      token: rep.token,
      json: { branch: 'from-rep', ref: 'main' },
    })
    expect(denied.status).toBe(403)
    // Removing the group membership takes the access away again.
    expect((await api('DELETE', `/groups/${top.id}/members/${dev.id}`)).status).toBe(204)
    expect((await api('GET', `/projects/${p.id}`, { token: dev.token })).status).toBe(404)
  })

  it('keeps granting access until the expiry date', async () => {
    const g = await createGroup()
    const u = await createUser()
    await member('groups', g.id, u.id, 30)
    const put = await api('PUT', `/groups/${g.id}/members/${u.id}`, { json: { access_level: 30, expires_at: day(1) } })
    expect(put.body.expires_at).toBe(day(1))
    expect((await api('GET', `/groups/${g.id}`, { token: u.token })).status).toBe(200)
  })
})
