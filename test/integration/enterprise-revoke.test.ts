// Revocation by value (POST /groups/:id/tokens/revoke) and ldap_sync on an enterprise group.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser } from '../helpers'
import { day, pat, world } from '../enterprise-world'

let w: Awaited<ReturnType<typeof world>>
beforeAll(async () => {
  w = await world()
})

describe('POST /groups/:id/tokens/revoke', () => {
  const revoke = (token: string, groupId = w.top.id, caller = w.owner.token) =>
    api('POST', `/groups/${groupId}/tokens/revoke`, { token: caller, json: { token } })

  it("revokes an enterprise user's token by value: 200 with the record, and again when already revoked", async () => {
    const t = await pat(w.e1.id, 'leaked', { expires_at: day(5) })
    const res = await revoke(t.token)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      id: t.id,
      name: 'leaked',
      revoked: true,
      active: false,
      user_id: w.e1.id,
      expires_at: day(5),
      scopes: ['api'],
    })
    expect(res.body.token).toBeUndefined()
    expect((await api('GET', '/user', { token: t.token })).status).toBe(401)
    const again = await revoke(t.token)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ id: t.id, revoked: true })
  })

  it('revokes group and project access tokens of the tree, and tokens of members', async () => {
    const bot = await api('POST', `/projects/${w.project.id}/access_tokens`, {
      token: w.owner.token,
      json: { name: 'leaky bot', scopes: ['api'] },
    })
    const res = await revoke(bot.body.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: bot.body.id, revoked: true, user_id: bot.body.user_id })
    const member = await createUser()
    expect(
      (await api('POST', `/projects/${w.project.id}/members`, { json: { user_id: member.id, access_level: 30 } }))
        .status,
    ).toBe(201)
    expect((await revoke(member.token)).status).toBe(200)
  })

  it('answers 422 for unknown, foreign and expired tokens', async () => {
    const unknown = await revoke('glpat-not-a-real-token-value')
    expect(unknown.status).toBe(422)
    expect(unknown.body).toEqual({ message: '422 Unprocessable Entity' })
    expect((await revoke(w.foreignBot.token)).status).toBe(422)
    expect((await revoke(w.outsider.token)).status).toBe(422)
    const expired = await pat(w.e2.id, 'old')
    const db = await getDb()
    await db.personalAccessToken.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 86_400_000) },
    })
    expect((await revoke(expired.token)).status).toBe(422)
  })

  it('needs an Owner of a top-level group', async () => {
    const t = await pat(w.e2.id, 'guarded')
    const sub = await revoke(t.token, w.sub.id)
    expect(sub.status).toBe(400)
    expect(sub.body).toEqual({ message: '400 Bad request - Must be a top-level group' })
    const maintainer = await createUser()
    expect(
      (await api('POST', `/groups/${w.top.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })).status,
    ).toBe(201)
    expect((await revoke(t.token, w.top.id, maintainer.token)).status).toBe(403)
    expect((await revoke(t.token, w.top.id, w.outsider.token)).status).toBe(404)
    expect((await api('POST', `/groups/${w.top.id}/tokens/revoke`, { token: w.owner.token, json: {} })).body).toEqual({
      error: 'token is missing',
    })
    expect((await api('GET', '/user', { token: t.token })).status).toBe(200)
  })
})

describe('POST /groups/:id/ldap_sync', () => {
  it('answers 404 as an instance without LDAP group sync; 401 anonymously', async () => {
    const res = await api('POST', `/groups/${w.top.id}/ldap_sync`, { token: w.owner.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: '404 Not Found' })
    expect((await api('POST', `/groups/${w.top.id}/ldap_sync`)).status).toBe(404)
    expect((await api('POST', `/groups/${w.top.id}/ldap_sync`, { token: null })).status).toBe(401)
  })
})
