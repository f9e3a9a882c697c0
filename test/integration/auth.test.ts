import { describe, expect, it } from 'vitest'
import { api, createUser, ROOT_TOKEN } from '../helpers'

describe('authentication carriers', () => {
  it('accepts PRIVATE-TOKEN, private_token, access_token and Bearer', async () => {
    expect((await api('GET', '/user')).body.username).toBe('root')
    expect((await api('GET', '/user', { token: null, query: { private_token: ROOT_TOKEN } })).status).toBe(200)
    expect((await api('GET', '/user', { token: null, query: { access_token: ROOT_TOKEN } })).status).toBe(200)
    const bearer = await api('GET', '/user', { token: null, headers: { Authorization: `Bearer ${ROOT_TOKEN}` } })
    expect(bearer.status).toBe(200)
    expect(bearer.body.is_admin).toBe(true)
  })

  it('answers 401 without credentials and for unknown tokens, even on public endpoints', async () => {
    const none = await api('GET', '/user', { token: null })
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ message: '401 Unauthorized' })
    const bad = await api('GET', '/users', { token: 'glpat-nope' })
    expect(bad.status).toBe(401)
    expect(bad.body).toEqual({ message: '401 Unauthorized' })
    expect((await api('GET', '/users', { token: null })).status).toBe(200)
  })

  it('answers 403 insufficient_scope for a token without an accepted scope', async () => {
    const u = await createUser({ scopes: ['read_repository'] })
    const res = await api('GET', '/user', { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'api read_api read_user',
    })
  })

  it('lets read_api read but not write', async () => {
    const u = await createUser({ scopes: ['read_api'] })
    expect((await api('GET', '/user', { token: u.token })).status).toBe(200)
    const write = await api('POST', '/user/personal_access_tokens', {
      token: u.token,
      json: { name: 'x', scopes: ['k8s_proxy'] },
    })
    expect(write.status).toBe(403)
    expect(write.body.scope).toBe('api')
  })

  it('refuses a revoked token at once and an expired one as invalid_token', async () => {
    const u = await createUser()
    expect((await api('GET', '/user', { token: u.token })).status).toBe(200)
    expect((await api('DELETE', `/personal_access_tokens/${u.tokenId}`)).status).toBe(204)
    const revoked = await api('GET', '/user', { token: u.token })
    expect(revoked.status).toBe(401)
    expect(revoked.body).toEqual({
      error: 'invalid_token',
      error_description: 'Token was revoked. You have to re-authorize from the user.',
    })
    expect(revoked.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('blocks a blocked user with 403 and restores access on unblock', async () => {
    const u = await createUser()
    expect((await api('POST', `/users/${u.id}/block`)).status).toBe(201)
    const blocked = await api('GET', '/user', { token: u.token })
    expect(blocked.status).toBe(403)
    expect(blocked.body).toEqual({ message: '403 Forbidden - Your account has been blocked.' })
    expect((await api('POST', `/users/${u.id}/unblock`)).status).toBe(201)
    expect((await api('GET', '/user', { token: u.token })).status).toBe(200)
  })

  it('supports sudo for administrators with a sudo-scoped token only', async () => {
    const u = await createUser()
    const asUser = await api('GET', '/user', { headers: { Sudo: u.username } })
    expect(asUser.status).toBe(200)
    expect(asUser.body.username).toBe(u.username)
    expect((await api('GET', '/user', { query: { sudo: String(u.id) } })).body.id).toBe(u.id)
    const notAdmin = await api('GET', '/user', { token: u.token, headers: { Sudo: 'root' } })
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' })
    const missing = await api('GET', '/user', { headers: { Sudo: 'no-such-user-x' } })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: "404 User with ID or username 'no-such-user-x' Not Found" })
  })

  it('makes admin endpoints 403 for regular users', async () => {
    const u = await createUser()
    const res = await api('POST', '/users', {
      token: u.token,
      json: { username: 'x', email: 'x@example.com', name: 'x', password: 'password-123' },
    })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: '403 Forbidden' })
  })
})

describe('kernel responses', () => {
  it('answers unknown routes with Grape 404, v3 with 410 and long queries with 414', async () => {
    const unknown = await api('GET', '/no/such/route')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: '404 Not Found' })
    const v3 = await fetch(`${process.env.EXTERNAL_URL}/api/v3/projects`)
    expect(v3.status).toBe(410)
    expect(await v3.json()).toEqual({ error: 'API V3 is no longer supported. Use API V4 instead.' })
    const long = await api('GET', '/users', { query: { search: 'x'.repeat(9000) } })
    expect(long.status).toBe(414)
  })

  it('reports missing and invalid params in Grape shape', async () => {
    const res = await api('POST', '/users', { json: { email: 'a@b.co' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'username is missing, name is missing' })
    const invalid = await api('GET', '/users/abc')
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual({ error: 'id is invalid' })
  })

  it('ignores undeclared params and serves version and metadata', async () => {
    const v = await api('GET', '/version', { query: { whatever: 'x' } })
    expect(v.status).toBe(200)
    expect(v.body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect((await api('GET', '/metadata')).body.kas).toEqual({
      enabled: false,
      externalUrl: null,
      externalK8sProxyUrl: null,
      version: null,
    })
    expect((await api('GET', '/version', { token: null })).status).toBe(401)
  })

  it('serves an OpenAPI document built from the endpoint table', async () => {
    const doc = await api('GET', '/openapi.json', { token: null })
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toBe('3.1.0')
    expect(doc.body.paths['/users/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true })
  })
})

describe('null bytes', () => {
  it('are refused with 400 in paths, queries and bodies, on every database', async () => {
    expect((await api('GET', '/groups/%00/members')).status).toBe(400)
    expect((await api('GET', '/projects', { query: { search: 'a\u0000b' } })).status).toBe(400)
    const body = await api('POST', '/groups', { json: { name: 'n\u0000', path: 'p' } })
    expect(body.status).toBe(400)
    expect(body.body).toEqual({ message: '400 Bad request - Null byte in request' })
  })
})
