// Admin → Users over GitLab's users API: block/unblock/deactivate/activate with GitLab's rules and
// messages, the list's filters, a user's memberships and identities.
import { describe, expect, it } from 'vitest'
import { authorizeLogin } from '../../lib/console/next-auth'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

const state = async (id: number) => (await api('GET', `/users/${id}`)).body.state as string
const post = (id: number, action: string, token?: string) => api('POST', `/users/${id}/${action}`, { token })

describe('deactivate and activate', () => {
  it("follows GitLab's rules, messages and bodies through every state", async () => {
    const u = await createUser()
    const other = await createUser()
    expect((await post(u.id, 'deactivate', other.token)).status).toBe(403)
    expect(await post(2147483647, 'deactivate')).toMatchObject({ status: 404, body: { message: '404 User Not Found' } })

    const deactivated = await post(u.id, 'deactivate')
    expect(deactivated.status).toBe(201)
    expect(deactivated.text).toBe('true')
    expect(await state(u.id)).toBe('deactivated')
    const again = await post(u.id, 'deactivate')
    expect([again.status, again.text]).toEqual([201, 'null'])
    // A deactivated user's token is refused with GitLab's reason.
    expect(await api('GET', '/user', { token: u.token })).toMatchObject({
      status: 403,
      body: {
        message:
          '403 Forbidden - Your account has been deactivated by your administrator. Please log back in to reactivate your account.',
      },
    })
    expect(await post(u.id, 'unblock')).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Deactivated users cannot be unblocked by the API' },
    })

    const activated = await post(u.id, 'activate')
    expect([activated.status, activated.text]).toEqual([201, 'true'])
    expect(await state(u.id)).toBe('active')
    expect((await api('GET', '/user', { token: u.token })).status).toBe(200)
    expect((await post(u.id, 'activate')).text).toBe('true') // already active: still true

    expect((await post(u.id, 'block')).text).toBe('true')
    expect(await post(u.id, 'deactivate')).toMatchObject({
      status: 403,
      body: { message: 'Error occurred. A blocked user cannot be deactivated' },
    })
    expect(await post(u.id, 'activate')).toMatchObject({
      status: 403,
      body: { message: 'Error occurred. A blocked user must be unblocked to be activated' },
    })
    expect(await state(u.id)).toBe('blocked')
  })

  it('refuses a user active within deactivate_dormant_users_period, and oneself', async () => {
    const u = await createUser()
    const db = await getDb()
    await db.user.update({ where: { id: u.id }, data: { lastActivityOn: new Date(Date.now() - 89 * 86_400_000) } })
    expect(await post(u.id, 'deactivate')).toMatchObject({
      status: 403,
      body: {
        message: 'The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated',
      },
    })
    await db.user.update({
      where: { id: u.id },
      data: { lastActivityOn: new Date(Date.now() - 91 * 86_400_000), currentSignInAt: new Date() },
    })
    expect((await post(u.id, 'deactivate')).status).toBe(403) // a recent sign-in counts too
    await db.user.update({ where: { id: u.id }, data: { currentSignInAt: null } })
    expect((await post(u.id, 'deactivate')).status).toBe(201)

    const admin = await createUser({ admin: true })
    expect(await post(admin.id, 'deactivate', admin.token)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - The API initiating user cannot be deactivated by the API' },
    })
    expect(await post(admin.id, 'block', admin.token)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - The API initiating user cannot be blocked by the API' },
    })
    expect(await state(admin.id)).toBe('active')
  })

  it('re-activates a deactivated user who signs in to the console, as GitLab does', async () => {
    const u = await createUser()
    expect((await post(u.id, 'deactivate')).status).toBe(201)
    expect(await authorizeLogin(u.username, 'password-123456')).toMatchObject({ id: String(u.id) })
    expect(await state(u.id)).toBe('active')
    expect((await post(u.id, 'block')).status).toBe(201)
    expect(await authorizeLogin(u.username, 'password-123456')).toBeNull()
  })
})

describe('block and unblock', () => {
  it('answers null for an already blocked user and false for unblocking an active one', async () => {
    const u = await createUser()
    expect((await post(u.id, 'block')).text).toBe('true')
    expect(await api('GET', '/user', { token: u.token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Your account has been blocked.' },
    })
    expect((await post(u.id, 'block')).text).toBe('null')
    expect((await post(u.id, 'unblock')).text).toBe('true')
    expect((await post(u.id, 'unblock')).text).toBe('false')
    expect(await state(u.id)).toBe('active')
  })
})

describe('GET /users filters', () => {
  it('filters admins, external, states, two_factor and humans; admin-only filters do nothing for others', async () => {
    const tag = unique('flt')
    const make = async (extra: Record<string, unknown>) => {
      const username = `${tag}-${Object.keys(extra).join('-') || 'plain'}`
      const res = await api('POST', '/users', {
        json: { username, email: `${username}@example.com`, name: username, password: 'password-123456', ...extra },
      })
      expect(res.status).toBe(201)
      return res.body.id as number
    }
    const [plain, admin, external] = [await make({}), await make({ admin: true }), await make({ external: true })]
    const [blocked, dormant] = [await make({ can_create_group: false }), await make({ projects_limit: 3 })]
    await post(blocked, 'block')
    await post(dormant, 'deactivate')
    const ids = async (query: Record<string, string>, token?: string) =>
      (
        (await api('GET', '/users', { token, query: { search: tag, per_page: '100', ...query } })).body as {
          id: number
        }[]
      )
        .map((u) => u.id)
        .sort((a, b) => a - b)
    const all = [plain, admin, external, blocked, dormant].sort((a, b) => a - b)
    expect(await ids({})).toEqual(all)
    expect(await ids({ admins: 'true' })).toEqual([admin])
    expect(await ids({ external: 'true' })).toEqual([external])
    expect(await ids({ exclude_external: 'true' })).toEqual(all.filter((id) => id !== external))
    expect(await ids({ blocked: 'true' })).toEqual([blocked])
    expect(await ids({ deactivated: 'true' })).toEqual([dormant])
    expect(await ids({ active: 'true' })).toEqual([plain, admin, external])
    expect(await ids({ exclude_active: 'true' })).toEqual([blocked, dormant])
    expect(await ids({ two_factor: 'enabled' })).toEqual([])
    expect(await ids({ two_factor: 'disabled' })).toEqual(all)
    expect(await ids({ humans: 'true', exclude_internal: 'true', without_project_bots: 'true' })).toEqual(all)
    expect(await ids({ exclude_humans: 'true' })).toEqual([])
    expect(await ids({ without_projects: 'true' })).toEqual(all)
    expect(await ids({ created_before: '2000-01-01T00:00:00Z' })).toEqual([])
    const viewer = await createUser()
    expect(await ids({ admins: 'true', two_factor: 'enabled', deactivated: 'true' }, viewer.token)).toEqual(all)
  })
})

describe('GET /users/:id/memberships', () => {
  it("lists a user's direct memberships with GitLab's entity, filtered by type and paginated", async () => {
    const u = await createUser()
    const group = await createGroup()
    const project = (await api('POST', '/projects', { json: { name: unique('mem') } })).body
    expect(
      (await api('POST', `/groups/${group.id}/members`, { json: { user_id: u.id, access_level: 10 } })).status,
    ).toBe(201)
    expect(
      (await api('POST', `/projects/${project.id}/members`, { json: { user_id: u.id, access_level: 30 } })).status,
    ).toBe(201)
    const res = await api('GET', `/users/${u.id}/memberships`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.body).toEqual([
      { source_id: group.id, source_name: group.name, source_type: 'Namespace', access_level: 10 },
      { source_id: project.id, source_name: project.name, source_type: 'Project', access_level: 30 },
    ])
    expect((await api('GET', `/users/${u.id}/memberships`, { query: { type: 'Project' } })).body).toEqual([
      expect.objectContaining({ source_type: 'Project' }),
    ])
    const page2 = await api('GET', `/users/${u.id}/memberships`, { query: { per_page: 1, page: 2 } })
    expect(page2.body).toEqual([expect.objectContaining({ source_id: project.id })])
    expect(page2.headers.get('x-page')).toBe('2')
    expect(await api('GET', `/users/${u.id}/memberships`, { query: { type: 'foo' } })).toMatchObject({
      status: 400,
      body: { error: 'type does not have a valid value' },
    })
    expect((await api('GET', `/users/${u.id}/memberships`, { token: u.token })).status).toBe(403)
    expect((await api('GET', '/users/2147483647/memberships')).status).toBe(404)
  })
})

describe('identities', () => {
  it('shows SAML identities on the user and deletes one by provider', async () => {
    const owner = await createUser()
    const u = await createUser()
    const group = await createGroup({ token: owner.token })
    const uid = unique('uid')
    expect(
      (
        await api('POST', `/groups/${group.id}/saml/sync`, {
          token: owner.token,
          json: { user_id: u.id, extern_uid: uid, groups: [] },
        })
      ).status,
    ).toBe(200)
    expect((await api('GET', `/users/${u.id}`)).body.identities).toEqual([
      { provider: 'group_saml', extern_uid: uid, saml_provider_id: group.id },
    ])
    expect((await api('GET', '/users', { query: { username: u.username } })).body[0].identities).toHaveLength(1)
    expect((await api('GET', '/user', { token: u.token })).body.identities).toEqual([
      { provider: 'group_saml', extern_uid: uid, saml_provider_id: group.id },
    ])

    expect((await api('DELETE', `/users/${u.id}/identities/group_saml`, { token: u.token })).status).toBe(403)
    expect(await api('DELETE', `/users/${u.id}/identities/ldapmain`)).toMatchObject({
      status: 404,
      body: { message: '404 Identity Not Found' },
    })
    const del = await api('DELETE', `/users/${u.id}/identities/group_saml`)
    expect([del.status, del.text]).toEqual([204, ''])
    expect((await api('GET', `/users/${u.id}`)).body.identities).toEqual([])
    expect((await api('DELETE', `/users/${u.id}/identities/group_saml`)).status).toBe(404)
  })
})
