// Settings that take effect: throttles, email restrictions, default visibilities, project limits,
// admin mode. Each test restores what it changed.
import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { api, createUser, ROOT_TOKEN, unique } from '../helpers'

const put = (json: Record<string, unknown>) => api('PUT', '/application/settings', { json })
afterEach(async () => {
  const r = await put({
    throttle_authenticated_api_enabled: false,
    throttle_unauthenticated_api_enabled: false,
    email_restrictions_enabled: false,
    admin_mode: false,
    default_project_visibility: 'private',
    default_group_visibility: 'private',
  })
  // A throttle left on (this PUT itself refused) would disturb every later test: fail here, clearly.
  expect(r.status, r.text).toBe(200)
})

describe('settings take effect', () => {
  it('throttles authenticated API requests per user with GitLab headers', async () => {
    const u = await createUser()
    expect(
      (
        await put({
          throttle_authenticated_api_enabled: true,
          throttle_authenticated_api_requests_per_period: 3,
          throttle_authenticated_api_period_in_seconds: 60,
        })
      ).status,
    ).toBe(200)
    const responses = []
    for (let i = 0; i < 4; i++) responses.push(await api('GET', '/user', { token: u.token }))
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429])
    const last = responses.at(-1)!
    expect(last.text).toBe('Retry later\n')
    expect(last.headers.get('ratelimit-name')).toBe('throttle_authenticated_api')
    expect(last.headers.get('ratelimit-observed')).toBe('4')
    expect(last.headers.get('ratelimit-remaining')).toBe('0')
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(last.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
    // Another user has a budget of their own.
    const other = await createUser()
    expect((await api('GET', '/user', { token: other.token })).status).toBe(200)
  })

  it('throttles unauthenticated requests per socket address: a spoofed X-Forwarded-For gets no fresh bucket', async () => {
    await put({
      throttle_unauthenticated_api_enabled: true,
      throttle_unauthenticated_api_requests_per_period: 2,
      throttle_unauthenticated_api_period_in_seconds: 3600,
    })
    const spoof = () =>
      `198.51.100.${Math.floor(Math.random() * 200) + 1}, 203.0.113.${Math.floor(Math.random() * 200) + 1}`
    const responses = []
    for (let i = 0; i < 3; i++)
      responses.push(await api('GET', '/projects', { token: null, headers: { 'X-Forwarded-For': spoof() } }))
    expect(responses.map((r) => r.status)).toEqual([200, 200, 429])
    const last = responses.at(-1)!
    expect(last.text).toBe('Retry later\n')
    expect(last.headers.get('ratelimit-name')).toBe('throttle_unauthenticated_api')
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('behind a trusted proxy (TRUSTED_PROXIES), throttles per forwarded client address', async () => {
    process.env.TRUSTED_PROXIES = '127.0.0.0/8, ::1'
    resetConfig()
    try {
      await put({
        throttle_unauthenticated_api_enabled: true,
        throttle_unauthenticated_api_requests_per_period: 2,
        throttle_unauthenticated_api_period_in_seconds: 60,
      })
      const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`
      // The client prepends what it likes; the proxy appends the address it saw, which counts.
      const statuses = []
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await api('GET', '/projects', { token: null, headers: { 'X-Forwarded-For': `10.9.9.${i}, ${ip}` } })).status,
        )
      expect(statuses).toEqual([200, 200, 429])
      const other = await api('GET', '/projects', { token: null, headers: { 'X-Forwarded-For': '192.0.2.77' } })
      expect(other.status).toBe(200)
    } finally {
      delete process.env.TRUSTED_PROXIES
      resetConfig()
    }
  })

  it('refuses restricted e-mail addresses on user creation', async () => {
    expect(
      (await put({ email_restrictions_enabled: true, email_restrictions: '\\+|@blocked\\.example$' })).status,
    ).toBe(200)
    const name = unique('er')
    const res = await api('POST', '/users', {
      json: { username: name, email: `${name}@blocked.example`, name, password: 'password-123456' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: { email: ['is not allowed. Please use your regular email address. Check with your administrator.'] },
    })
    const ok = await api('POST', '/users', {
      json: { username: name, email: `${name}@fine.example`, name, password: 'password-123456' },
    })
    expect(ok.status).toBe(201)
  })

  it('applies default visibilities on creation, capped by the parent group', async () => {
    await put({ default_project_visibility: 'internal', default_group_visibility: 'public' })
    const group = await api('POST', '/groups', { json: { name: unique('dv'), path: unique('dv') } })
    expect(group.body.visibility).toBe('public')
    const privateParent = await api('POST', '/groups', {
      json: { name: unique('pp'), path: unique('pp'), visibility: 'private' },
    })
    const sub = await api('POST', '/groups', {
      json: { name: unique('sub'), path: unique('sub'), parent_id: privateParent.body.id },
    })
    expect(sub.body.visibility).toBe('private')
    const project = await api('POST', '/projects', { json: { name: unique('dvp'), namespace_id: group.body.id } })
    expect(project.body.visibility).toBe('internal')
  })

  it('gives new users default_projects_limit and enforces it on personal projects', async () => {
    const before = (await api('GET', '/application/settings')).body.default_projects_limit
    await put({ default_projects_limit: 1 })
    try {
      const u = await createUser()
      expect((await api('GET', `/users/${u.id}`)).body.projects_limit).toBe(1)
      expect((await api('POST', '/projects', { token: u.token, json: { name: unique('one') } })).status).toBe(201)
      const second = await api('POST', '/projects', { token: u.token, json: { name: unique('two') } })
      expect(second.status).toBe(403)
      expect(second.body).toEqual({
        message: {
          limit_reached: ['Your project limit is 1 projects! Please contact your administrator to increase it'],
        },
      })
    } finally {
      await put({ default_projects_limit: before })
    }
  })

  it('with admin_mode, admins need an admin_mode-scoped token to act as administrators', async () => {
    const admin = await createUser({ admin: true, scopes: ['api'] })
    const scoped = await api('POST', `/users/${admin.id}/personal_access_tokens`, {
      json: { name: 'am', scopes: ['api', 'admin_mode'] },
    })
    expect((await api('GET', '/application/settings', { token: admin.token })).status).toBe(200)
    await put({ admin_mode: true })
    expect((await api('GET', '/application/settings', { token: admin.token })).status).toBe(403)
    expect((await api('GET', '/application/settings', { token: scoped.body.token })).status).toBe(200)
    expect((await api('GET', '/application/settings')).status).toBe(200) // root's token carries admin_mode
  })

  it('sudo needs an administrator in admin mode: with admin_mode on, a token without the admin_mode scope cannot sudo', async () => {
    const target = await createUser()
    const admin = await createUser({ admin: true, scopes: ['api', 'sudo'] })
    const withMode = await api('POST', `/users/${admin.id}/personal_access_tokens`, {
      json: { name: 'am', scopes: ['api', 'sudo', 'admin_mode'] },
    })
    const noSudo = await api('POST', `/users/${admin.id}/personal_access_tokens`, {
      json: { name: 'ns', scopes: ['api', 'admin_mode'] },
    })
    const sudo = (token: string | null) => api('GET', '/user', { token, headers: { Sudo: target.username } })
    // Setting off: the admin flag is enough.
    const off = await sudo(admin.token)
    expect(off.status).toBe(200)
    expect(off.body.username).toBe(target.username)
    await put({ admin_mode: true })
    const refused = await sudo(admin.token)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toBe('application/json')
    expect(refused.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' })
    // The same refusal through the parameter, on a write.
    const write = await api('POST', '/projects', {
      token: admin.token,
      query: { sudo: String(target.id) },
      json: { name: unique('sudo') },
    })
    expect(write.status).toBe(403)
    expect(write.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' })
    const allowed = await sudo(withMode.body.token)
    expect(allowed.status).toBe(200)
    expect(allowed.body.username).toBe(target.username)
    // In admin mode but without the sudo scope: GitLab's insufficient_scope for `sudo`.
    const scope = await sudo(noSudo.body.token)
    expect(scope.status).toBe(403)
    expect(scope.body).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'sudo',
    })
    // Sudo without credentials is GitLab's 401, not an anonymous request.
    const anonymous = await sudo(null)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ message: '401 Unauthorized' })
    // Acting as an administrator through sudo: admin only in admin mode too.
    const other = await createUser({ admin: true })
    const asAdmin = await api('GET', '/application/settings', {
      token: withMode.body.token,
      headers: { Sudo: other.username },
    })
    expect(asAdmin.status).toBe(200)
  })

  it('GraphQL goes through admin mode and the API throttles like /api/v4', async () => {
    const { serverUrl } = await import('../setup/server')
    const gql = async (token: string) => {
      const res = await fetch(`${await serverUrl()}/api/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: 'query($p: ID!) { group(fullPath: $p) { fullPath } }',
          variables: { p: hidden.body.full_path },
        }),
      })
      return { status: res.status, headers: res.headers, text: await res.text() }
    }
    const hidden = await api('POST', '/groups', {
      json: { name: unique('hid'), path: unique('hid'), visibility: 'private' },
    })
    const admin = await createUser({ admin: true, scopes: ['api'] })
    const withMode = (
      await api('POST', `/users/${admin.id}/personal_access_tokens`, {
        json: { name: 'am', scopes: ['read_api', 'admin_mode'] },
      })
    ).body.token as string
    expect(JSON.parse((await gql(admin.token)).text)).toEqual({ data: { group: { fullPath: hidden.body.full_path } } })
    await put({ admin_mode: true })
    // Outside admin mode an administrator sees what a regular user sees.
    expect(JSON.parse((await gql(admin.token)).text)).toEqual({ data: { group: null } })
    expect(JSON.parse((await gql(withMode)).text)).toEqual({ data: { group: { fullPath: hidden.body.full_path } } })
    await put({
      throttle_authenticated_api_enabled: true,
      throttle_authenticated_api_requests_per_period: 2,
      throttle_authenticated_api_period_in_seconds: 3600,
    })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push(await gql(withMode))
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 429])
    expect(statuses[2]!.text).toBe('Retry later\n')
    expect(statuses[2]!.headers.get('ratelimit-name')).toBe('throttle_authenticated_api')
    expect(Number(statuses[2]!.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('caps multipart uploads at max_attachment_size, and a group import archive at max_import_size', async () => {
    const before = (await api('GET', '/application/settings')).body as {
      max_attachment_size: number
      max_import_size: number
    }
    const { serverUrl } = await import('../setup/server')
    const upload = async (method: string, path: string, field: string, size: number) => {
      const form = new FormData()
      form.append('name', unique('up'))
      form.append('path', unique('up'))
      form.append(field, new Blob([new Uint8Array(size)]), 'file.tar.gz')
      const res = await fetch(`${await serverUrl()}/api/v4${path}`, {
        method,
        headers: { 'PRIVATE-TOKEN': ROOT_TOKEN },
        body: form,
      })
      return { status: res.status, body: (await res.json()) as unknown }
    }
    const group = await api('POST', '/groups', { json: { name: unique('av'), path: unique('av') } })
    try {
      await put({ max_attachment_size: 1, max_import_size: 3 })
      expect(await upload('PUT', `/groups/${group.body.id}`, 'avatar', 3 * 1024 * 1024)).toEqual({
        status: 413,
        body: { message: '413 Request Entity Too Large' },
      })
      // Limits are the setting plus 1 MiB of framing. The import route takes max_import_size
      // (3 MiB) instead: 2 MiB reaches the archive checks.
      const archive = await upload('POST', '/groups/import', 'file', 2 * 1024 * 1024)
      expect(archive.status).toBe(400)
      expect(await upload('POST', '/groups/import', 'file', 5 * 1024 * 1024)).toEqual({
        status: 413,
        body: { message: '413 Request Entity Too Large' },
      })
    } finally {
      await put({ max_attachment_size: before.max_attachment_size, max_import_size: before.max_import_size })
    }
  })
})
