// Response shapes of project and group reads no other test reaches: each call here is held against
// its endpoint's declared schema (API_VALIDATE_RESPONSES=1 turns a mismatch into a 500), and the
// assertions pin the keys that only some callers or options get.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser } from '../helpers'

let user: Awaited<ReturnType<typeof createUser>>
let personal: { id: number; path_with_namespace: string }
let group: { id: number; full_path: string }
let grouped: { id: number }
let invited: { id: number; full_path: string; name: string }

beforeAll(async () => {
  user = await createUser()
  const created = await api('POST', '/projects', { token: user.token, json: { name: 'mine' } })
  expect(created.status).toBe(201)
  personal = created.body
  group = await createGroup()
  invited = await createGroup()
  const g = await api('POST', '/projects', { json: { name: 'shared', namespace_id: group.id } })
  expect(g.status).toBe(201)
  grouped = g.body
  expect(
    (
      await api('POST', `/projects/${grouped.id}/share`, {
        json: { group_id: invited.id, group_access: 30, expires_at: '2999-01-31' },
      })
    ).status,
  ).toBe(201)
})

describe('project reads', () => {
  it('shows a personal project to its owner with owner, permissions and the registration token', async () => {
    const res = await api('GET', `/projects/${personal.id}`, { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body.owner).toMatchObject({ id: user.id, username: user.username })
    expect(res.body.permissions).toEqual({
      project_access: { access_level: 50, notification_level: 3 },
      group_access: null,
    })
    expect(res.body.runners_token).toEqual(expect.any(String))
    expect(res.body).toMatchObject({
      shared_runners_enabled: true,
      public_jobs: true,
      request_access_enabled: true,
      namespace: { kind: 'user', path: user.username },
    })
  })

  it('shows a group project without owner, with the groups it is shared with', async () => {
    const res = await api('GET', `/projects/${grouped.id}`)
    expect(res.status).toBe(200)
    expect(res.body).not.toHaveProperty('owner')
    expect(res.body.shared_with_groups).toEqual([
      {
        group_id: invited.id,
        group_name: invited.name,
        group_full_path: invited.full_path,
        group_access_level: 30,
        expires_at: '2999-01-31',
      },
    ])
  })

  it('lists (empty) project badges', async () => {
    const res = await api('GET', `/projects/${personal.id}/badges`, { token: user.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
    expect((await api('GET', `/projects/${personal.id}/badges`, { token: null })).status).toBe(404)
  })
})

describe('group reads', () => {
  it('embeds full project entities in a group with its projects', async () => {
    const res = await api('GET', `/groups/${group.id}`)
    expect(res.status).toBe(200)
    expect(res.body.projects.map((p: { id: number }) => p.id)).toEqual([grouped.id])
    expect(res.body.projects[0]._links.self).toMatch(new RegExp(`/api/v4/projects/${grouped.id}$`))
    expect(res.body.shared_projects).toEqual([])
    const shared = await api('GET', `/groups/${invited.id}`)
    expect(shared.body.shared_projects.map((p: { id: number }) => p.id)).toEqual([grouped.id])
  })

  it("adds custom attributes to a group's projects for administrators", async () => {
    expect(
      (await api('PUT', `/projects/${grouped.id}/custom_attributes/tier`, { json: { value: 'gold' } })).status,
    ).toBe(200)
    const res = await api('GET', `/groups/${group.id}/projects`, { query: { with_custom_attributes: true } })
    expect(res.status).toBe(200)
    expect(res.body[0].custom_attributes).toEqual([{ key: 'tier', value: 'gold' }])
    const simple = await api('GET', `/groups/${group.id}/projects`, {
      query: { with_custom_attributes: true, simple: true },
    })
    expect(simple.status).toBe(200)
    expect(simple.body[0]).not.toHaveProperty('_links')
    expect(simple.body[0].custom_attributes).toEqual([{ key: 'tier', value: 'gold' }])
  })
})
