// restricted_visibility_levels is instance-wide: creating groups and projects at a restricted level
// runs here, apart from the parallel suite. GitLab (Gitlab::VisibilityLevel.allowed_for?) keeps
// those levels for administrators: others get deny_visibility_level's message on visibility_level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, unique } from '../helpers'

let user: Awaited<ReturnType<typeof createUser>>
let group: { id: number; full_path: string }

beforeAll(async () => {
  user = await createUser()
  group = await createGroup({ visibility: 'public' })
  expect(
    (await api('POST', `/groups/${group.id}/members`, { json: { user_id: user.id, access_level: 50 } })).status,
  ).toBe(201)
  expect(
    (await api('PUT', '/application/settings', { json: { restricted_visibility_levels: ['public'] } })).status,
  ).toBe(200)
})

afterAll(async () => {
  await api('PUT', '/application/settings', { json: { restricted_visibility_levels: [] } })
})

describe('restricted visibility levels on create', () => {
  it('refuses a restricted level to a user, for a group, a subgroup and a project', async () => {
    const path = unique('rv')
    const top = await api('POST', '/groups', { token: user.token, json: { name: path, path, visibility: 'public' } })
    expect(top.status).toBe(400)
    expect(top.body).toEqual({
      message: { visibility_level: ['public has been restricted by your GitLab administrator'] },
    })
    const sub = await api('POST', '/groups', {
      token: user.token,
      json: { name: path, path, visibility: 'public', parent_id: group.id },
    })
    expect(sub.status).toBe(400)
    expect(sub.body).toEqual({
      message: { visibility_level: ['public has been restricted by your GitLab administrator'] },
    })
    const project = await api('POST', '/projects', {
      token: user.token,
      json: { name: path, visibility: 'public', namespace_id: group.id },
    })
    expect(project.status).toBe(400)
    expect(project.body).toEqual({
      message: { visibility_level: ['public has been restricted by your GitLab administrator'] },
    })
    // Nothing was created.
    expect((await api('GET', `/groups/${encodeURIComponent(path)}`)).status).toBe(404)
    expect((await api('GET', `/projects/${encodeURIComponent(`${group.full_path}/${path}`)}`)).status).toBe(404)
  })

  it('lets the user create at an unrestricted level, and an administrator at the restricted one', async () => {
    const path = unique('rv')
    const internal = await api('POST', '/groups', {
      token: user.token,
      json: { name: path, path, visibility: 'internal', parent_id: group.id },
    })
    expect(internal.status).toBe(201)
    expect(internal.body.visibility).toBe('internal')
    const adminPath = unique('rv')
    const byAdmin = await api('POST', '/groups', { json: { name: adminPath, path: adminPath, visibility: 'public' } })
    expect(byAdmin.status).toBe(201)
    expect(byAdmin.body.visibility).toBe('public')
    const project = await api('POST', '/projects', {
      json: { name: unique('rv'), visibility: 'public', namespace_id: group.id },
    })
    expect(project.status).toBe(201)
    expect(project.body.visibility).toBe('public')
  })

  it('leaves an unset visibility to the instance default (not restricted)', async () => {
    const project = await api('POST', '/projects', {
      token: user.token,
      json: { name: unique('rv'), namespace_id: group.id },
    })
    expect(project.status).toBe(201)
    expect(project.body.visibility).toBe('private')
  })
})
