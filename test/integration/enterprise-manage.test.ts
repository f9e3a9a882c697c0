// A top-level group's credentials inventory (manage/*) against data written through the API and
// timestamps set in the database (revocation by value and ldap_sync: enterprise-revoke.test.ts).
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { setEnterpriseGroup } from '../../lib/enterprise/users'
import { newEd25519Line } from '../ssh-key'
import { api, createUser } from '../helpers'
import { day, group, ids, pat, world } from '../enterprise-world'

let w: Awaited<ReturnType<typeof world>>
beforeAll(async () => {
  w = await world()
})

const manage = (what: string, query: Record<string, string | number | boolean> = {}, token = w.owner.token) =>
  api('GET', `/groups/${w.top.id}/manage/${what}`, { token, query })

describe('manage/personal_access_tokens', () => {
  it("lists the enterprise users' tokens only, newest first, paginated", async () => {
    const all = await manage('personal_access_tokens')
    expect(all.status).toBe(200)
    expect(ids(all.body)).toEqual([w.gamma.id, w.beta.id, w.alpha.id])
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        'active',
        'created_at',
        'description',
        'expires_at',
        'id',
        'last_used_at',
        'name',
        'revoked',
        'scopes',
        'user_id',
      ].sort(),
    )
    expect(all.body[2]).toMatchObject({
      name: 'alpha',
      user_id: w.e1.id,
      revoked: false,
      active: true,
      expires_at: day(20),
      scopes: ['api'],
    })
    const page = await manage('personal_access_tokens', { per_page: 1, page: 2 })
    expect(page.headers.get('x-total')).toBe('3')
    expect(ids(page.body)).toEqual([w.beta.id])
  })

  it('sorts by each of the eight orders', async () => {
    const order = async (sort: string) => ids((await manage('personal_access_tokens', { sort })).body)
    expect(await order('created_asc')).toEqual([w.alpha.id, w.beta.id, w.gamma.id])
    expect(await order('created_desc')).toEqual([w.gamma.id, w.beta.id, w.alpha.id])
    expect(await order('name_asc')).toEqual([w.alpha.id, w.beta.id, w.gamma.id])
    expect(await order('name_desc')).toEqual([w.gamma.id, w.beta.id, w.alpha.id])
    expect((await order('expires_asc')).filter((id) => id !== w.gamma.id)).toEqual([w.alpha.id, w.beta.id])
    expect((await order('expires_desc')).filter((id) => id !== w.gamma.id)).toEqual([w.beta.id, w.alpha.id])
    expect((await order('last_used_asc')).filter((id) => id !== w.gamma.id)).toEqual([w.beta.id, w.alpha.id])
    expect((await order('last_used_desc')).filter((id) => id !== w.gamma.id)).toEqual([w.alpha.id, w.beta.id])
    expect((await manage('personal_access_tokens', { sort: 'bogus' })).status).toBe(400)
  })

  it('filters by state, revoked, search and dates', async () => {
    const f = async (query: Record<string, string | boolean>) =>
      ids((await manage('personal_access_tokens', query)).body).sort()
    expect(await f({ state: 'active' })).toEqual([w.alpha.id, w.beta.id].sort())
    expect(await f({ state: 'inactive' })).toEqual([w.gamma.id])
    expect(await f({ revoked: true })).toEqual([w.gamma.id])
    expect(await f({ revoked: false })).toEqual([w.alpha.id, w.beta.id].sort())
    expect(await f({ search: 'ALP' })).toEqual([w.alpha.id])
    expect(await f({ created_after: day(-25) })).toEqual([w.beta.id, w.gamma.id].sort())
    expect(await f({ created_before: day(-25) })).toEqual([w.alpha.id])
    expect(await f({ last_used_after: day(-5) })).toEqual([w.alpha.id])
    expect(await f({ last_used_before: day(-5) })).toEqual([w.beta.id])
    expect((await manage('personal_access_tokens', { state: 'gone' })).status).toBe(400)
  })
})

describe('manage/resource_access_tokens', () => {
  it('lists the group and project access tokens of the whole tree', async () => {
    const res = await manage('resource_access_tokens', { sort: 'name_asc' })
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual([w.groupBot.id, w.projectBot.id])
    expect(res.body[0]).toMatchObject({
      name: 'group bot',
      access_level: 30,
      resource_type: 'group',
      resource_id: w.top.id,
      active: true,
    })
    expect(res.body[1]).toMatchObject({
      name: 'project bot',
      access_level: 40,
      resource_type: 'project',
      resource_id: w.project.id,
      scopes: ['read_api'],
    })
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'access_level',
        'active',
        'created_at',
        'description',
        'expires_at',
        'id',
        'last_used_at',
        'name',
        'resource_id',
        'resource_type',
        'revoked',
        'scopes',
        'user_id',
      ].sort(),
    )
    expect(ids((await manage('resource_access_tokens', { search: 'project' })).body)).toEqual([w.projectBot.id])
  })
})

describe('manage/ssh_keys', () => {
  it("lists the enterprise users' keys with the expiry and creation filters", async () => {
    const res = await manage('ssh_keys')
    expect(res.status).toBe(200)
    expect(ids(res.body).sort()).toEqual([w.k1.id, w.k2.id].sort())
    const k1 = res.body.find((k: { id: number }) => k.id === w.k1.id)
    expect(Object.keys(k1).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'last_used_at', 'title', 'usage_type', 'user_id'].sort(),
    )
    expect(k1).toMatchObject({ title: 'laptop', user_id: w.e1.id, usage_type: 'auth_and_signing' })
    expect(ids((await manage('ssh_keys', { expires_before: day(50) })).body)).toEqual([w.k1.id])
    expect(ids((await manage('ssh_keys', { expires_after: day(50) })).body)).toEqual([w.k2.id])
    expect((await manage('ssh_keys', { created_after: day(1) })).body).toEqual([])
    expect((await manage('ssh_keys', { created_before: day(1) })).body).toHaveLength(2)
  })
})

describe('manage permissions', () => {
  it('is for Owners of the top-level group: 403 for others and on subgroups, 404 for strangers', async () => {
    const maintainer = await createUser()
    expect(
      (await api('POST', `/groups/${w.top.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })).status,
    ).toBe(201)
    for (const what of ['personal_access_tokens', 'resource_access_tokens', 'ssh_keys']) {
      const res = await manage(what, {}, maintainer.token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: '403 Forbidden' })
      expect((await api('GET', `/groups/${w.sub.id}/manage/${what}`, { token: w.owner.token })).status).toBe(403)
    }
    expect((await manage('ssh_keys', {}, w.outsider.token)).status).toBe(404)
    expect(
      (
        await api('DELETE', `/groups/${w.top.id}/manage/personal_access_tokens/${w.alpha.id}`, {
          token: maintainer.token,
        })
      ).status,
    ).toBe(403)
    expect((await api('GET', `/groups/${w.top.id}/manage/ssh_keys`, { token: null })).status).toBe(401)
  })
})

describe('revoking through the inventory', () => {
  it('DELETE personal_access_tokens/:id: 204 and the token stops working; 400 once revoked; 404 outside', async () => {
    const t = await pat(w.e2.id, 'to revoke')
    expect((await api('GET', '/user', { token: t.token })).status).toBe(200)
    const del = await api('DELETE', `/groups/${w.top.id}/manage/personal_access_tokens/${t.id}`, {
      token: w.owner.token,
    })
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await api('GET', '/user', { token: t.token })).status).toBe(401)
    const db = await getDb()
    expect((await db.personalAccessToken.findUniqueOrThrow({ where: { id: t.id } })).revoked).toBe(true)
    const again = await api('DELETE', `/groups/${w.top.id}/manage/personal_access_tokens/${t.id}`, {
      token: w.owner.token,
    })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: '400 Bad request' })
    expect(
      (
        await api('DELETE', `/groups/${w.top.id}/manage/personal_access_tokens/${w.outsider.tokenId}`, {
          token: w.owner.token,
        })
      ).status,
    ).toBe(404)
  })

  it('DELETE personal_access_tokens/self revokes the calling token of an enterprise owner', async () => {
    const owner = await createUser()
    const g = await group(owner.token)
    await setEnterpriseGroup(owner.id, g.id)
    const other = await pat(owner.id, 'spare')
    expect(
      (await api('DELETE', `/groups/${g.id}/manage/personal_access_tokens/self`, { token: owner.token })).status,
    ).toBe(204)
    expect((await api('GET', '/user', { token: owner.token })).status).toBe(401)
    expect((await api('GET', '/user', { token: other.token })).status).toBe(200)
  })

  it('DELETE resource_access_tokens/:id: 204, revoked, the bot leaves; 400 once revoked; foreign 404', async () => {
    const t = await api('POST', `/projects/${w.project.id}/access_tokens`, {
      token: w.owner.token,
      json: { name: 'short-lived', scopes: ['api'] },
    })
    expect(t.status).toBe(201)
    const del = await api('DELETE', `/groups/${w.top.id}/manage/resource_access_tokens/${t.body.id}`, {
      token: w.owner.token,
    })
    expect(del.status).toBe(204)
    expect((await api('GET', '/user', { token: t.body.token })).status).toBe(401)
    const db = await getDb()
    expect(await db.member.count({ where: { userId: t.body.user_id } })).toBe(0)
    expect(
      (await api('DELETE', `/groups/${w.top.id}/manage/resource_access_tokens/${t.body.id}`, { token: w.owner.token }))
        .status,
    ).toBe(400)
    expect(
      (
        await api('DELETE', `/groups/${w.top.id}/manage/resource_access_tokens/${w.foreignBot.id}`, {
          token: w.owner.token,
        })
      ).status,
    ).toBe(404)
    expect(
      (await api('DELETE', `/groups/${w.top.id}/manage/resource_access_tokens/${w.alpha.id}`, { token: w.owner.token }))
        .status,
    ).toBe(404)
  })

  it('DELETE ssh_keys/:id removes an enterprise key only', async () => {
    const key = await api('POST', `/users/${w.e1.id}/keys`, { json: { title: 'temp', key: newEd25519Line() } })
    expect(
      (await api('DELETE', `/groups/${w.top.id}/manage/ssh_keys/${key.body.id}`, { token: w.owner.token })).status,
    ).toBe(204)
    expect((await api('GET', `/users/${w.e1.id}/keys/${key.body.id}`)).status).toBe(404)
    const foreign = await api('POST', `/users/${w.outsider.id}/keys`, { json: { title: 'x', key: newEd25519Line() } })
    expect(
      (await api('DELETE', `/groups/${w.top.id}/manage/ssh_keys/${foreign.body.id}`, { token: w.owner.token })).status,
    ).toBe(404)
  })
})
