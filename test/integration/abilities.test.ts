// `abilities` on GET /groups/:id and /projects/:id: what the viewer may do, by the same policy the
// API enforces (the console shows its doors from them).
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, unique } from '../helpers'

describe('abilities of the group and project details', () => {
  let owner: Awaited<ReturnType<typeof createUser>>
  let developer: Awaited<ReturnType<typeof createUser>>
  let stranger: Awaited<ReturnType<typeof createUser>>
  let admin: Awaited<ReturnType<typeof createUser>>
  let group: any
  let project: any
  beforeAll(async () => {
    ;[owner, developer, stranger, admin] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser({ admin: true }),
    ])
    group = await createGroup({ token: owner.token, visibility: 'public', prefix: 'abl' })
    const created = await api('POST', '/projects', {
      token: owner.token,
      json: { name: unique('abl'), namespace_id: group.id, visibility: 'public' },
    })
    expect(created.status).toBe(201)
    project = created.body
    expect(
      (
        await api('POST', `/groups/${group.id}/members`, {
          token: owner.token,
          json: { user_id: developer.id, access_level: 30 },
        })
      ).status,
    ).toBe(201)
  })

  it('tells an owner, a developer (inherited on the project), a stranger and an administrator apart', async () => {
    const g = async (token: string) => (await api('GET', `/groups/${group.id}`, { token })).body.abilities
    const p = async (token: string) => (await api('GET', `/projects/${project.id}`, { token })).body.abilities
    expect(await g(owner.token)).toMatchObject({
      read_group: true,
      admin_group: true,
      admin_group_member: true,
      admin_runner: true,
      create_subgroup: true,
      request_access: false,
    })
    expect(await g(developer.token)).toMatchObject({
      read_group: true,
      create_projects: true,
      create_subgroup: false,
      admin_group: false,
      read_group_runners: false,
      request_access: false,
    })
    expect(await g(stranger.token)).toMatchObject({
      read_group: true,
      create_projects: false,
      admin_group: false,
      request_access: true,
    })
    expect(await g(admin.token)).toMatchObject({ admin_group: true, remove_group: true, request_access: false })

    expect(await p(owner.token)).toMatchObject({
      admin_project: true,
      admin_project_member: true,
      remove_project: true,
      request_access: false,
    })
    expect(await p(developer.token)).toMatchObject({
      push_code: true,
      create_pipeline: true,
      update_build: true,
      create_snippet: true,
      admin_snippet: false,
      admin_protected_branch: false,
      admin_project: false,
      request_access: false,
    })
    expect(await p(stranger.token)).toMatchObject({
      read_code: true,
      push_code: false,
      create_snippet: false,
      request_access: true,
    })
    expect(await p(admin.token)).toMatchObject({ admin_project: true, request_access: false })
  })

  it('is on the detail only, not on lists or writes', async () => {
    const list = await api('GET', '/groups', { token: owner.token, query: { search: group.path } })
    expect(list.body[0]).not.toHaveProperty('abilities')
    const updated = await api('PUT', `/projects/${project.id}`, { token: owner.token, json: { description: 'x' } })
    expect(updated.status).toBe(200)
    expect(updated.body).not.toHaveProperty('abilities')
  })
})
