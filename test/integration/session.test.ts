// The console's session cookie authenticates API calls; writes also need the CSRF header.
import { encode } from 'next-auth/jwt'
import { describe, expect, it } from 'vitest'
import { startConsoleSession } from '../../lib/auth/console-sessions'
import { csrfTokenFor } from '../../lib/auth/session-cookie'
import { api, createUser } from '../helpers'

/** A signed-in session as next-auth issues it: the JWT names a server-side session (console-sessions.test.ts). */
async function sessionFor(userId: number) {
  const token = await encode({
    token: { sub: String(userId), sid: await startConsoleSession(userId) },
    secret: process.env.AUTH_SECRET!,
  })
  return { cookie: `next-auth.session-token=${token}`, csrf: csrfTokenFor(token) }
}

describe('console session on the API', () => {
  it('reads with the cookie alone', async () => {
    const u = await createUser()
    const s = await sessionFor(u.id)
    const me = await api('GET', '/user', { token: null, headers: { Cookie: s.cookie } })
    expect(me.status).toBe(200)
    expect(me.body.id).toBe(u.id)
  })

  it('refuses a cookie-authenticated write without a valid CSRF token', async () => {
    const u = await createUser()
    const s = await sessionFor(u.id)
    const body = { name: 'from-console', scopes: ['api'] }
    const none = await api('POST', '/user/personal_access_tokens', {
      token: null,
      headers: { Cookie: s.cookie },
      json: body,
    })
    expect(none.status).toBe(401)
    const wrong = await api('POST', '/user/personal_access_tokens', {
      token: null,
      headers: { Cookie: s.cookie, 'X-CSRF-Token': 'forged' },
      json: body,
    })
    expect(wrong.status).toBe(401)
    const ok = await api('POST', '/user/personal_access_tokens', {
      token: null,
      headers: { Cookie: s.cookie, 'X-CSRF-Token': s.csrf },
      json: body,
    })
    expect(ok.status).toBe(201)
    expect(ok.body.scopes).toEqual(['api'])
    expect(ok.body.token).toMatch(/^glpat-/)
  })

  it("limits token-authenticated self-service tokens to GitLab's scopes", async () => {
    const u = await createUser()
    const res = await api('POST', '/user/personal_access_tokens', {
      token: u.token,
      json: { name: 'x', scopes: ['api'] },
    })
    expect(res.status).toBe(400)
    const ok = await api('POST', '/user/personal_access_tokens', {
      token: u.token,
      json: { name: 'x', scopes: ['k8s_proxy'] },
    })
    expect(ok.status).toBe(201)
  })

  it('ignores a forged session cookie', async () => {
    const res = await api('GET', '/user', {
      token: null,
      headers: { Cookie: 'next-auth.session-token=forged.jwt.value' },
    })
    expect(res.status).toBe(401)
  })
})

describe('personal access tokens', () => {
  it('records last_used_at without a write per request', async () => {
    const u = await createUser()
    expect((await api('GET', `/personal_access_tokens/${u.tokenId}`)).body.last_used_at).toBeNull()
    await api('GET', '/user', { token: u.token })
    const deadline = Date.now() + 10_000
    let lastUsed: string | null = null
    while (!lastUsed && Date.now() < deadline) {
      lastUsed = (await api('GET', `/personal_access_tokens/${u.tokenId}`)).body.last_used_at
      if (!lastUsed) await new Promise((r) => setTimeout(r, 100))
    }
    expect(lastUsed).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/)
  })

  it('rejects unknown scopes and past expiry dates', async () => {
    const u = await createUser()
    const bad = await api('POST', `/users/${u.id}/personal_access_tokens`, {
      json: { name: 'x', scopes: ['api', 'root_everything'] },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'scopes does not have a valid value' })
    const past = await api('POST', `/users/${u.id}/personal_access_tokens`, {
      json: { name: 'x', scopes: ['api'], expires_at: '2001-01-01' },
    })
    expect(past.status).toBe(400)
    expect(past.body.message.expires_at).toBeDefined()
  })

  it("accepts every GitLab scope and lists a user's own tokens only", async () => {
    const { TOKEN_SCOPES } = await import('../../lib/auth/scopes')
    const u = await createUser()
    const all = await api('POST', `/users/${u.id}/personal_access_tokens`, {
      json: { name: 'all', scopes: [...TOKEN_SCOPES], expires_at: '2099-01-01' },
    })
    expect(all.status).toBe(400) // beyond the maximum lifetime
    const ok = await api('POST', `/users/${u.id}/personal_access_tokens`, {
      json: { name: 'all', scopes: [...TOKEN_SCOPES] },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.scopes).toEqual([...TOKEN_SCOPES])
    const mine = await api('GET', '/personal_access_tokens', { token: u.token })
    expect(mine.status).toBe(200)
    expect(mine.body.every((t: { user_id: number }) => t.user_id === u.id)).toBe(true)
    expect(mine.headers.get('x-total')).toBe('2')
    const self = await api('GET', '/personal_access_tokens/self', { token: u.token })
    expect(self.body.id).toBe(u.tokenId)
    expect((await api('DELETE', '/personal_access_tokens/self', { token: u.token })).status).toBe(204)
    expect((await api('GET', '/user', { token: u.token })).status).toBe(401)
  })
})
