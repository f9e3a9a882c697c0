import { describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'
import { serverUrl } from '../setup/server'

describe('GET /users', () => {
  it('filters by username (case-insensitive), search, blocked and active', async () => {
    const a = await createUser()
    const byName = await api('GET', '/users', { query: { username: a.username.toUpperCase() } })
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([a.id])
    const searched = await api('GET', '/users', { query: { search: a.username.slice(5) } })
    expect(searched.body.some((u: { id: number }) => u.id === a.id)).toBe(true)
    await api('POST', `/users/${a.id}/block`)
    expect((await api('GET', '/users', { query: { blocked: 'true', username: a.username } })).body).toHaveLength(1)
    expect((await api('GET', '/users', { query: { active: 'true', username: a.username } })).body).toHaveLength(0)
  })

  it('pages with keyset on every allowed order, following only the Link', async () => {
    const prefix = unique('ks')
    for (let i = 0; i < 5; i++) {
      const r = await api('POST', '/users', {
        json: {
          username: `${prefix}-${i}`,
          email: `${prefix}-${i}@example.com`,
          name: `${prefix} ${4 - i}`,
          password: 'password-123456',
        },
      })
      expect(r.status).toBe(201)
    }
    for (const order_by of ['id', 'name', 'username', 'created_at', 'updated_at']) {
      const seen: number[] = []
      let url: string | null =
        `${await serverUrl()}/api/v4/users?pagination=keyset&per_page=2&order_by=${order_by}&sort=asc&search=${prefix}`
      while (url) {
        const res: Response = await fetch(url, { headers: { 'PRIVATE-TOKEN': 'glpat-integration-root-token-0001' } })
        expect(res.status).toBe(200)
        expect(res.headers.get('x-total')).toBeNull()
        seen.push(...((await res.json()) as { id: number }[]).map((u) => u.id))
        url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null
      }
      expect(seen).toHaveLength(5)
      expect(new Set(seen).size).toBe(5)
    }
  })

  it('shows a user in full to themself and administrators, and publicly to others', async () => {
    const a = await createUser()
    const b = await createUser()
    const self = await api('GET', `/users/${a.id}`, { token: a.token })
    expect(self.status).toBe(200)
    expect(self.body).toMatchObject({
      id: a.id,
      username: a.username,
      email: `${a.username}@example.com`,
      identities: [],
    })
    expect(self.body).not.toHaveProperty('is_admin')
    const other = await api('GET', `/users/${a.id}`, { token: b.token })
    expect(other.status).toBe(200)
    expect(other.body).toMatchObject({ id: a.id, username: a.username, public_email: null, followers: 0 })
    expect(other.body).not.toHaveProperty('email')
    expect(other.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const admin = await api('GET', `/users/${a.id}`)
    expect(admin.body).toMatchObject({ id: a.id, is_admin: false, note: null, created_by: null })
    const listed = await api('GET', '/users', { token: b.token, query: { username: a.username } })
    expect(listed.body).toEqual([expect.objectContaining({ id: a.id, web_url: expect.stringContaining(a.username) })])
    expect(listed.body[0]).not.toHaveProperty('created_at')
    expect((await api('GET', '/user', { token: a.token })).body).toMatchObject({
      id: a.id,
      can_create_group: expect.any(Boolean),
    })
  })

  it('answers an expired token with invalid_token', async () => {
    const u = await createUser()
    const db = await getDb()
    await db.personalAccessToken.update({
      where: { id: u.tokenId },
      data: { expiresAt: new Date(Date.now() - 86_400_000) },
    })
    const res = await api('GET', '/user', { token: u.token })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      error: 'invalid_token',
      error_description: 'Token is expired. You can either do re-authorization or token refresh.',
    })
  })

  it('reports duplicate usernames and e-mails as 409 and bad passwords as validation errors', async () => {
    const u = await createUser()
    const dupe = await api('POST', '/users', {
      json: { username: u.username, email: `${unique('x')}@example.com`, name: 'x', password: 'password-123456' },
    })
    expect(dupe.status).toBe(409)
    expect(dupe.body).toEqual({ message: 'Username has already been taken' })
    const short = await api('POST', '/users', {
      json: { username: unique('y'), email: `${unique('y')}@example.com`, name: 'y', password: 'short' },
    })
    expect(short.status).toBe(400)
    expect(short.body).toEqual({ message: { password: ['is too short (minimum is 8 characters)'] } })
  })
})

describe('health checks', () => {
  it('answers /-/health, /-/liveness and /-/readiness', async () => {
    const base = await serverUrl()
    const health = await fetch(`${base}/-/health`)
    expect(health.status).toBe(200)
    expect(health.headers.get('content-type')).toBe('text/plain')
    expect(await health.text()).toBe('GitLab OK')
    const live = await fetch(`${base}/-/liveness`)
    expect(live.headers.get('content-type')).toBe('application/json')
    expect(live.headers.get('content-length')).toBe('15')
    expect(await live.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${base}/-/readiness`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get('content-type')).toBe('application/json')
    expect(await ready.json()).toMatchObject({ status: 'ok', db_check: [{ status: 'ok' }] })
  })
})
