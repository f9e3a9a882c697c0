// Sharing a project with a group: GitLab's rules for who may share with what, and the access the
// group's members (and its ancestors' members) get through the link.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let home: { id: number }
let project: { id: number }
let team: { id: number }
let subteam: { id: number }
let maintainer: User
let developer: User
let teamMaintainer: User
let teamReporter: User
let parentMember: User
let outsider: User

const group = async (json: Record<string, unknown>) => (await api('POST', '/groups', { json })).body

beforeAll(async () => {
  ;[maintainer, developer, teamMaintainer, teamReporter, parentMember, outsider] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
  ])
  home = await group({ name: unique('home'), path: unique('home') })
  project = (
    await api('POST', '/projects', { json: { name: unique('shared'), namespace_id: home.id, visibility: 'private' } })
  ).body
  team = await group({ name: unique('team'), path: unique('team'), visibility: 'private' })
  subteam = await group({ name: unique('sub'), path: unique('sub'), parent_id: team.id, visibility: 'private' })
  await api('POST', `/projects/${project.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })
  await api('POST', `/projects/${project.id}/members`, { json: { user_id: developer.id, access_level: 30 } })
  await api('POST', `/groups/${subteam.id}/members`, { json: { user_id: teamMaintainer.id, access_level: 40 } })
  await api('POST', `/groups/${subteam.id}/members`, { json: { user_id: teamReporter.id, access_level: 20 } })
  await api('POST', `/groups/${team.id}/members`, { json: { user_id: parentMember.id, access_level: 50 } })
  // The sharer must belong to the group it shares with.
  await api('POST', `/groups/${subteam.id}/members`, { json: { user_id: maintainer.id, access_level: 10 } })
})

describe('project sharing', () => {
  it('refuses what GitLab refuses', async () => {
    const share = (token: string, json: Record<string, unknown>) =>
      api('POST', `/projects/${project.id}/share`, { token, json })
    expect((await share(developer.token, { group_id: subteam.id, group_access: 30 })).status).toBe(403)
    expect(
      await share(maintainer.token, { group_id: team.id, group_access: 30 }).then((r) => [r.status, r.body]),
    ).toEqual([404, { message: '404 Group Not Found' }])
    expect((await share(maintainer.token, { group_id: subteam.id, group_access: 31 })).status).toBe(400)
    const own = await api('POST', `/projects/${project.id}/share`, { json: { group_id: home.id, group_access: 30 } })
    expect([own.status, own.body]).toEqual([
      409,
      { message: 'Project cannot be shared with the group it is in or one of its ancestors.' },
    ])
  })

  it("is refused while the project's group locks sharing (share_with_group_lock)", async () => {
    expect((await api('PUT', `/groups/${home.id}`, { json: { share_with_group_lock: true } })).status).toBe(200)
    const locked = await api('POST', `/projects/${project.id}/share`, {
      token: maintainer.token,
      json: { group_id: subteam.id, group_access: 30 },
    })
    expect([locked.status, locked.body]).toEqual([400, { message: 'The project sharing with group is disabled' }])
    expect((await api('PUT', `/groups/${home.id}`, { json: { share_with_group_lock: false } })).status).toBe(200)
  })

  it("gives the group's members, and its ancestors' members, the lower of the two levels", async () => {
    expect((await api('GET', `/projects/${project.id}`, { token: teamMaintainer.token })).status).toBe(404)
    const res = await api('POST', `/projects/${project.id}/share`, {
      token: maintainer.token,
      json: { group_id: subteam.id, group_access: 30, expires_at: '2099-01-31' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      project_id: project.id,
      group_id: subteam.id,
      group_access: 30,
      expires_at: '2099-01-31',
    })
    const again = await api('POST', `/projects/${project.id}/share`, {
      token: maintainer.token,
      json: { group_id: subteam.id, group_access: 20 },
    })
    expect([again.status, again.body]).toEqual([409, { message: 'Group already shared with this group' }])

    const seen = await api('GET', `/projects/${project.id}`, { token: teamMaintainer.token })
    expect(seen.status).toBe(200)
    expect(seen.body.permissions.project_access?.access_level ?? 0).toBeLessThanOrEqual(30)
    expect(seen.body.shared_with_groups).toEqual([
      {
        group_id: subteam.id,
        group_name: expect.any(String),
        group_full_path: expect.stringContaining('/'),
        group_access_level: 30,
        expires_at: '2099-01-31',
      },
    ])
    // Developer (30) through the link: may create a branch; the reporter (20) may not.
    expect(
      (
        await api('POST', `/projects/${project.id}/repository/branches`, {
          token: teamMaintainer.token,
          json: { branch: unique('b'), ref: 'main' },
        })
      ).status,
    ).not.toBe(403)
    expect(
      (
        await api('POST', `/projects/${project.id}/repository/branches`, {
          token: teamReporter.token,
          json: { branch: unique('b'), ref: 'main' },
        })
      ).status,
    ).toBe(403)
    // An owner of the parent group reaches it too (inherited membership), capped at 30.
    expect((await api('GET', `/projects/${project.id}/protected_branches`, { token: parentMember.token })).status).toBe(
      200,
    )
    expect(
      (
        await api('POST', `/projects/${project.id}/protected_branches`, {
          token: parentMember.token,
          json: { name: 'x' },
        })
      ).status,
    ).toBe(403)
    const mine = await api('GET', '/projects', {
      token: teamReporter.token,
      query: { membership: true, per_page: 100 },
    })
    expect(mine.body.map((p: { id: number }) => p.id)).toContain(project.id)
    expect((await api('GET', `/projects/${project.id}`, { token: outsider.token })).status).toBe(404)
  })

  it('lists the project in the group it is shared with (with_shared, shared_projects)', async () => {
    const ids = async (query: Record<string, string>) =>
      (await api('GET', `/groups/${subteam.id}/projects`, { query })).body.map((p: { id: number }) => p.id)
    expect(await ids({})).toContain(project.id)
    expect(await ids({ with_shared: 'false' })).not.toContain(project.id)
    const detail = (await api('GET', `/groups/${subteam.id}`)).body
    expect(detail.projects.map((p: { id: number }) => p.id)).not.toContain(project.id)
    expect(detail.shared_projects.map((p: { id: number }) => p.id)).toEqual([project.id])
    // The sharing group's own page does not count it as shared into itself.
    expect((await api('GET', `/groups/${home.id}`)).body.shared_projects).toEqual([])
  })

  it('unshares with 204 and takes the access away', async () => {
    expect(
      (await api('DELETE', `/projects/${project.id}/share/${subteam.id}`, { token: developer.token })).status,
    ).toBe(403)
    expect(
      (await api('DELETE', `/projects/${project.id}/share/${subteam.id}`, { token: maintainer.token })).status,
    ).toBe(204)
    expect((await api('GET', `/projects/${project.id}`, { token: teamMaintainer.token })).status).toBe(404)
    expect((await api('GET', `/projects/${project.id}`)).body.shared_with_groups).toEqual([])
    const gone = await api('DELETE', `/projects/${project.id}/share/${subteam.id}`, { token: maintainer.token })
    expect([gone.status, gone.body]).toEqual([404, { message: '404 Group Link Not Found' }])
  })
})
