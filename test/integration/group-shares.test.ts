// Sharing a group with a group: who may, GitLab's refusals, and the access the invited group's
// members get to the shared group's tree (and not to projects merely shared with it).
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let shared: { id: number; full_path: string }
let sub: { id: number }
let invited: { id: number; name: string; full_path: string }
let project: { id: number }
let owner: User
let teammate: User
let outsider: User

beforeAll(async () => {
  ;[owner, teammate, outsider] = await Promise.all([createUser(), createUser(), createUser()])
  shared = await createGroup({ prefix: 'gs-shared', visibility: 'private' })
  sub = await createGroup({ prefix: 'gs-sub', parent: shared.id, visibility: 'private' })
  invited = await createGroup({ prefix: 'gs-invited' })
  project = (await api('POST', '/projects', { json: { name: unique('gs-proj'), namespace_id: sub.id } })).body
  await api('POST', `/groups/${shared.id}/members`, { json: { user_id: owner.id, access_level: 50 } })
  await api('POST', `/groups/${invited.id}/members`, { json: { user_id: owner.id, access_level: 10 } })
  await api('POST', `/groups/${invited.id}/members`, { json: { user_id: teammate.id, access_level: 40 } })
})

describe('group sharing', () => {
  it("gives the invited group's members the shared tree at the lower level, and takes it back", async () => {
    expect((await api('GET', `/groups/${sub.id}`, { token: teammate.token })).status).toBe(404)
    expect(
      (
        await api('POST', `/groups/${shared.id}/share`, {
          token: teammate.token,
          json: { group_id: invited.id, group_access: 30 },
        })
      ).status,
    ).toBe(404)
    const res = await api('POST', `/groups/${shared.id}/share`, {
      token: owner.token,
      json: { group_id: invited.id, group_access: 30, expires_at: '2099-12-31' },
    })
    expect(res.status).toBe(201)
    expect(res.body.shared_with_groups).toEqual([
      {
        group_id: invited.id,
        group_name: invited.name,
        group_full_path: invited.full_path,
        group_access_level: 30,
        expires_at: '2099-12-31',
      },
    ])
    const again = await api('POST', `/groups/${shared.id}/share`, {
      token: owner.token,
      json: { group_id: invited.id, group_access: 20 },
    })
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'Shared group The group has already been shared with this group' },
    ])

    // The teammate (Maintainer of the invited group) is a Developer of the shared tree.
    expect((await api('GET', `/groups/${sub.id}`, { token: teammate.token })).status).toBe(200)
    expect((await api('GET', `/projects/${project.id}`, { token: teammate.token })).body.permissions).toBeDefined()
    expect(
      (
        await api('POST', `/projects/${project.id}/repository/branches`, {
          token: teammate.token,
          json: { branch: unique('b'), ref: 'main' },
        })
      ).status,
    ).not.toBe(403)
    expect(
      (await api('POST', `/projects/${project.id}/protected_branches`, { token: teammate.token, json: { name: 'x' } }))
        .status,
    ).toBe(403)
    const mine = await api('GET', '/groups', { token: teammate.token, query: { per_page: 100 } })
    expect(mine.body.map((g: { id: number }) => g.id)).toEqual(expect.arrayContaining([shared.id, invited.id]))
    expect((await api('GET', `/groups/${sub.id}`, { token: outsider.token })).status).toBe(404)

    // The teammate sees the group now (through the share) but does not own it.
    expect((await api('DELETE', `/groups/${shared.id}/share/${invited.id}`, { token: teammate.token })).status).toBe(
      403,
    )
    expect((await api('DELETE', `/groups/${shared.id}/share/${invited.id}`, { token: owner.token })).status).toBe(204)
    expect((await api('GET', `/groups/${sub.id}`, { token: teammate.token })).status).toBe(404)
    expect((await api('DELETE', `/groups/${shared.id}/share/${invited.id}`, { token: owner.token })).status).toBe(404)
  })

  it('refuses a group outside the hierarchy when the root prevents it, and an invisible group', async () => {
    const root = await createGroup({ prefix: 'gs-root' })
    const other = await createGroup({ prefix: 'gs-other' })
    expect(
      (await api('PUT', `/groups/${root.id}`, { json: { prevent_sharing_groups_outside_hierarchy: true } })).status,
    ).toBe(200)
    const refused = await api('POST', `/groups/${root.id}/share`, { json: { group_id: other.id, group_access: 30 } })
    expect([refused.status, refused.body]).toEqual([404, { message: 'Not Found' }])
    const hidden = await createGroup({ prefix: 'gs-hidden' })
    const stranger = await createUser()
    await api('POST', `/groups/${other.id}/members`, { json: { user_id: stranger.id, access_level: 50 } })
    expect(
      (
        await api('POST', `/groups/${other.id}/share`, {
          token: stranger.token,
          json: { group_id: hidden.id, group_access: 30 },
        })
      ).body,
    ).toEqual({
      message: '404 Group Not Found',
    })
    expect(
      (await api('POST', `/groups/${other.id}/share`, { json: { group_id: hidden.id, group_access: 31 } })).status,
    ).toBe(400)
  })
})
