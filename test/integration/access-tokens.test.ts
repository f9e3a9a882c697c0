// Group and project access tokens: one bot user per token, a member of the resource; the token
// acts as the bot, revocation ends it. Both kinds run through the same cases.
import { describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { getDb, queryCount } from '../../lib/db'
import { api, createUser, gitlab, unique } from '../helpers'

type Kind = 'groups' | 'projects'
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function createGroup() {
  const path = unique('atg')
  const res = await api('POST', '/groups', { json: { name: `G ${path}`, path } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; full_path: string }
}

async function createProject(namespaceId?: number) {
  const res = await api('POST', '/projects', {
    json: { name: unique('atp'), ...(namespaceId ? { namespace_id: namespaceId } : {}) },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; path_with_namespace: string }
}

/** A resource with a project inside (for groups), so the bot has something to read. */
async function resource(kind: Kind) {
  if (kind === 'groups') {
    const group = await createGroup()
    const project = await createProject(group.id)
    return { id: group.id, projectId: project.id }
  }
  const project = await createProject()
  return { id: project.id, projectId: project.id }
}

async function addMember(kind: Kind, id: number, userId: number, level: number) {
  const res = await api('POST', `/${kind}/${id}/members`, { json: { user_id: userId, access_level: level } })
  expect(res.status, res.text).toBe(201)
}

const create = (kind: Kind, id: number, json: Record<string, unknown>, token?: string) =>
  api('POST', `/${kind}/${id}/access_tokens`, { token, json })

async function mint(kind: Kind, id: number, json: Record<string, unknown> = {}) {
  const res = await create(kind, id, { name: unique('tok'), scopes: ['api'], ...json })
  expect(res.status, res.text).toBe(201)
  return res.body
}

describe.each(['groups', 'projects'] as const)('%s access tokens', (kind) => {
  const noun = kind === 'groups' ? 'group' : 'project'
  const manager = kind === 'groups' ? 50 : 40

  it('creates a token with its bot user and membership; the token acts as the bot', async () => {
    const r = await resource(kind)
    const expires = day(30)
    const res = await create(kind, r.id, {
      name: 'ci bot',
      description: 'for CI',
      scopes: ['api', 'read_repository'],
      expires_at: expires,
      access_level: 30,
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body).toMatchObject({
      name: 'ci bot',
      description: 'for CI',
      revoked: false,
      active: true,
      scopes: ['api', 'read_repository'],
      expires_at: expires,
      access_level: 30,
      resource_type: noun,
      resource_id: r.id,
      last_used_at: null,
    })
    expect(res.body.token).toMatch(/^glpat-/)
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'access_level',
        'active',
        'created_at',
        'description',
        'expires_at',
        'id',
        'last_used_at',
        'last_used_ips',
        'name',
        'resource_id',
        'resource_type',
        'revoked',
        'scopes',
        'token',
        'user_id',
      ].sort(),
    )

    const db = await getDb()
    const bot = await db.user.findUniqueOrThrow({
      where: { id: res.body.user_id },
      include: { memberships: true, namespace: true },
    })
    expect(bot).toMatchObject({
      bot: true,
      name: 'ci bot',
      botResourceType: kind === 'groups' ? 'Namespace' : 'Project',
      botResourceId: r.id,
      passwordHash: null,
    })
    expect(bot.username).toMatch(new RegExp(`^${noun}_${r.id}_bot_[0-9a-f]{32}$`))
    expect(bot.email).toBe(`${bot.username}@noreply.${new URL(process.env.EXTERNAL_URL!).hostname}`)
    expect(bot.confirmedAt).not.toBeNull()
    expect(bot.namespace?.kind).toBe('user')
    expect(bot.memberships.map((m) => [m.sourceType, m.sourceId, m.accessLevel])).toEqual([
      [kind === 'groups' ? 'Namespace' : 'Project', r.id, 30],
    ])

    const me = await api('GET', '/user', { token: res.body.token })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ id: bot.id, username: bot.username, bot: true })
    expect((await api('GET', `/projects/${r.projectId}`, { token: res.body.token })).status).toBe(200)
    if (kind === 'groups') {
      const projects = await api('GET', `/groups/${r.id}/projects`, { token: res.body.token })
      expect(projects.status).toBe(200)
      expect(projects.body.map((p: { id: number }) => p.id)).toEqual([r.projectId])
    }
  })

  it('defaults access_level to Maintainer and expiry to a year when expiry is required', async () => {
    const r = await resource(kind)
    const body = await mint(kind, r.id)
    expect(body.access_level).toBe(40)
    expect(body.expires_at).toBe(day(365))
  })

  it('lists, filters and shows tokens', async () => {
    const r = await resource(kind)
    const a = await mint(kind, r.id, { name: 'alpha' })
    const b = await mint(kind, r.id, { name: 'beta', access_level: 20 })
    const list = await api('GET', `/${kind}/${r.id}/access_tokens`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).toBe('2')
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([b.id, a.id])
    expect(list.body[0]).toMatchObject({ name: 'beta', access_level: 20, resource_type: noun, resource_id: r.id })
    expect(list.body[0].token).toBeUndefined()

    const byName = await api('GET', `/${kind}/${r.id}/access_tokens`, { query: { search: 'alp', sort: 'name_asc' } })
    expect(byName.body.map((t: { id: number }) => t.id)).toEqual([a.id])
    expect((await api('GET', `/${kind}/${r.id}/access_tokens`, { query: { state: 'inactive' } })).body).toEqual([])
    expect(
      (await api('GET', `/${kind}/${r.id}/access_tokens`, { query: { sort: 'name_desc' } })).body.map(
        (t: { name: string }) => t.name,
      ),
    ).toEqual(['beta', 'alpha'])

    const one = await api('GET', `/${kind}/${r.id}/access_tokens/${a.id}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ id: a.id, name: 'alpha', access_level: 40 })

    // A token of another resource, or a personal token, is not this resource's.
    const other = await resource(kind)
    const foreign = await mint(kind, other.id)
    const missing = await api('GET', `/${kind}/${r.id}/access_tokens/${foreign.id}`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: `404 ${noun} Access Token Not Found` })
    expect((await api('GET', `/${kind}/${r.id}/access_tokens/abc`)).status).toBe(404)
  })

  it('revokes: 204, the token is refused, the bot leaves the resource', async () => {
    const r = await resource(kind)
    const t = await mint(kind, r.id)
    expect((await api('GET', '/user', { token: t.token })).status).toBe(200)
    const del = await api('DELETE', `/${kind}/${r.id}/access_tokens/${t.id}`)
    expect(del.status).toBe(204)
    const refused = await api('GET', '/user', { token: t.token })
    expect(refused.status).toBe(401)
    expect((await api('GET', `/${kind}/${r.id}/access_tokens/${t.id}`)).status).toBe(404)
    expect((await api('GET', `/${kind}/${r.id}/access_tokens`)).body).toEqual([])
    const db = await getDb()
    expect(await db.member.count({ where: { userId: t.user_id } })).toBe(0)
    expect(await db.personalAccessToken.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ revoked: true })
    expect(await db.user.findUniqueOrThrow({ where: { id: t.user_id } })).toMatchObject({ state: 'blocked' })
    expect((await api('DELETE', `/${kind}/${r.id}/access_tokens/${t.id}`)).status).toBe(404)
  })

  it('rotates: a new value for the same bot, the old one revoked', async () => {
    const r = await resource(kind)
    const t = await mint(kind, r.id, { name: 'rotating', scopes: ['read_api'] })
    const res = await api('POST', `/${kind}/${r.id}/access_tokens/${t.id}/rotate`, { json: { expires_at: day(10) } })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      name: 'rotating',
      scopes: ['read_api'],
      user_id: t.user_id,
      expires_at: day(10),
      active: true,
    })
    expect(res.body.id).not.toBe(t.id)
    expect((await api('GET', '/user', { token: t.token })).status).toBe(401)
    expect((await api('GET', '/user', { token: res.body.token })).status).toBe(200)
  })

  it('validates: required name and scopes, resource scopes only, valid levels, expiry', async () => {
    const r = await resource(kind)
    expect((await create(kind, r.id, { scopes: ['api'] })).body).toEqual({ error: 'name is missing' })
    expect((await create(kind, r.id, { name: 'x' })).status).toBe(400)
    expect((await create(kind, r.id, { name: 'x', scopes: ['sudo'] })).status).toBe(400)
    expect((await create(kind, r.id, { name: 'x', scopes: ['api'], access_level: 60 })).status).toBe(400)
    const past = await create(kind, r.id, { name: 'x', scopes: ['api'], expires_at: day(-2) })
    expect(past.status).toBe(400)
    expect(past.body).toEqual({ message: { expires_at: ['must be in the future'] } })
    const db = await getDb()
    expect(
      await db.user.count({
        where: { bot: true, botResourceId: r.id, botResourceType: kind === 'groups' ? 'Namespace' : 'Project' },
      }),
    ).toBe(0)
  })

  it('needs the managing role: others get GitLab 400/401, strangers 404', async () => {
    const r = await resource(kind)
    const t = await mint(kind, r.id)
    const lesser = await createUser()
    await addMember(kind, r.id, lesser.id, manager - 10)
    const denied = await create(kind, r.id, { name: 'x', scopes: ['api'] }, lesser.token)
    expect(denied.status).toBe(400)
    expect(denied.body).toEqual({
      message: `400 Bad request - User does not have permission to create ${noun} access token`,
    })
    const list = await api('GET', `/${kind}/${r.id}/access_tokens`, { token: lesser.token })
    expect(list.status).toBe(401)
    expect(list.body).toEqual({ message: '401 Unauthorized' })
    const del = await api('DELETE', `/${kind}/${r.id}/access_tokens/${t.id}`, { token: lesser.token })
    expect(del.status).toBe(400)
    expect(del.body.message).toMatch(/cannot delete/)

    const stranger = await createUser()
    expect((await api('GET', `/${kind}/${r.id}/access_tokens`, { token: stranger.token })).status).toBe(404)

    // A bot cannot mint tokens, even with the managing role.
    const strongBot = await mint(kind, r.id, { access_level: manager })
    expect((await create(kind, r.id, { name: 'y', scopes: ['api'] }, strongBot.token)).status).toBe(400)
  })

  it('refuses a level above the creator’s own', async () => {
    const r = await resource(kind)
    const maintainer = await createUser()
    await addMember(kind, r.id, maintainer.id, 40)
    if (kind === 'projects') {
      const res = await create(kind, r.id, { name: 'x', scopes: ['api'], access_level: 50 }, maintainer.token)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: '400 Bad request - Access level of the token contains permissions not held by the creating user',
      })
      expect(
        (await create(kind, r.id, { name: 'x', scopes: ['api'], access_level: 40 }, maintainer.token)).status,
      ).toBe(201)
    } else {
      expect((await create(kind, r.id, { name: 'x', scopes: ['api'], access_level: 50 })).status).toBe(201)
    }
  })
})

describe('through @gitbeaker/rest', () => {
  it('creates, lists, shows, rotates and revokes group and project access tokens', async () => {
    const gl = await gitlab()
    const group = await createGroup()
    const project = await createProject(group.id)
    for (const [api, id] of [
      [gl.GroupAccessTokens, group.id],
      [gl.ProjectAccessTokens, project.id],
    ] as const) {
      const created = await api.create(id, 'gb token', ['read_api'], day(15), { accessLevel: 20 })
      expect(created).toMatchObject({ name: 'gb token', scopes: ['read_api'], expires_at: day(15), access_level: 20 })
      expect((await api.all(id)).map((t) => t.id)).toEqual([created.id])
      expect((await api.show(id, created.id)).name).toBe('gb token')
      const rotated = await api.rotate(id, created.id)
      expect(rotated.id).not.toBe(created.id)
      await api.revoke(id, rotated.id)
      expect(await api.all(id)).toEqual([])
    }
  })
})

describe('query counts', () => {
  it('a page of access tokens costs the same queries for 1 or 6 tokens (no N+1)', async () => {
    const r = await resource('groups')
    const cost = async (perPage: number) => {
      await api('GET', `/groups/${r.id}/access_tokens`, { query: { per_page: perPage } })
      await flushTokenUses()
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const before = queryCount()
        const res = await api('GET', `/groups/${r.id}/access_tokens`, { query: { per_page: perPage } })
        expect(res.body).toHaveLength(perPage)
        best = Math.min(best, queryCount() - before)
      }
      return best
    }
    for (let i = 0; i < 6; i++) await mint('groups', r.id)
    const one = await cost(1)
    expect(one).toBeGreaterThan(0)
    expect(await cost(6)).toBe(one)
  })
})
