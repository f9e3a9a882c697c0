import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let dev: User
let reporter: User
let guest: User
let maintainer: User

beforeAll(async () => {
  project = (
    await api('POST', '/projects', {
      json: { name: unique('pb'), initialize_with_readme: true, visibility: 'private' },
    })
  ).body.id
  ;[dev, reporter, guest, maintainer] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  for (const [u, level] of [
    [dev, 30],
    [reporter, 20],
    [guest, 10],
    [maintainer, 40],
  ] as const)
    expect(
      (await api('POST', `/projects/${project}/members`, { json: { user_id: u.id, access_level: level } })).status,
    ).toBe(201)
  for (const b of ['release/1.0', 'release/2.0', 'feature-x'])
    expect(
      (await api('POST', `/projects/${project}/repository/branches`, { json: { branch: b, ref: 'main' } })).status,
    ).toBe(201)
})

const pb = (path = '') => `/projects/${project}/protected_branches${path}`

describe('protected branches API', () => {
  it('protects with GitLab defaults and refuses duplicates with 409', async () => {
    const res = await api('POST', pb(), { token: maintainer.token, json: { name: 'main' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'main', allow_force_push: false, code_owner_approval_required: false })
    for (const list of ['push_access_levels', 'merge_access_levels', 'unprotect_access_levels'])
      expect(res.body[list]).toEqual([
        expect.objectContaining({
          access_level: 40,
          access_level_description: 'Maintainers',
          user_id: null,
          group_id: null,
        }),
      ])
    expect(res.body.push_access_levels[0]).toHaveProperty('deploy_key_id', null)
    const dupe = await api('POST', pb(), { token: maintainer.token, json: { name: 'main' } })
    expect(dupe.status).toBe(409)
    expect(dupe.body).toEqual({ message: "Protected branch 'main' already exists" })
  })

  it('validates levels as params and entries as 422 full messages', async () => {
    expect((await api('POST', pb(), { json: { name: 'x1', push_access_level: 20 } })).body).toEqual({
      error: 'push_access_level does not have a valid value',
    })
    expect((await api('POST', pb(), { json: { name: 'x1', unprotect_access_level: 0 } })).body).toEqual({
      error: 'unprotect_access_level does not have a valid value',
    })
    const outsider = await createUser()
    const bad = await api('POST', pb(), {
      json: { name: 'x2', allowed_to_push: [{ user_id: outsider.id }, { group_id: 1 }] },
    })
    expect(bad.status).toBe(422)
    expect(bad.body).toEqual({
      message: [
        'Push access levels user is not a member of the project',
        'Push access levels group does not have access to the project',
      ],
    })
    expect((await api('GET', pb('/x2'))).status).toBe(404)
  })

  it('accepts a group entry once the project is shared with the group, and lets its members push', async () => {
    const team = (await api('POST', '/groups', { json: { name: unique('pbteam'), path: unique('pbteam') } })).body
    const member = await createUser()
    await api('POST', `/groups/${team.id}/members`, { json: { user_id: member.id, access_level: 30 } })
    const body = { name: 'team/*', push_access_level: 0, allowed_to_push: [{ group_id: team.id }] }
    expect((await api('POST', pb(), { json: body })).status).toBe(422)
    expect(
      (await api('POST', `/projects/${project}/share`, { json: { group_id: team.id, group_access: 30 } })).status,
    ).toBe(201)
    const created = await api('POST', pb(), { json: body })
    expect(created.status).toBe(201)
    expect(created.body.push_access_levels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ group_id: team.id, access_level: null, access_level_description: team.name }),
      ]),
    )
    await api('POST', `/projects/${project}/repository/branches`, { json: { branch: 'team/a', ref: 'main' } })
    const branch = (who: User) =>
      api('GET', `/projects/${project}/repository/branches/${encodeURIComponent('team/a')}`, { token: who.token })
    expect((await branch(member)).body).toMatchObject({ protected: true, can_push: true })
    expect((await branch(dev)).body).toMatchObject({ protected: true, can_push: false })
  })

  it('handles wildcards, URL-encoded names, search, PATCH entries and unprotect', async () => {
    const created = await api('POST', pb(), {
      json: { name: 'release/*', push_access_level: 40, allowed_to_merge: [{ access_level: 30 }, { user_id: dev.id }] },
    })
    expect(created.status).toBe(201)
    expect(
      created.body.merge_access_levels.map((e: { access_level_description: string }) => e.access_level_description),
    ).toEqual(['Developers + Maintainers', expect.stringContaining('User')])
    const one = await api('GET', pb(`/${encodeURIComponent('release/*')}`))
    expect(one.status).toBe(200)
    expect(
      (await api('GET', pb(), { query: { search: 'release' } })).body.map((r: { name: string }) => r.name),
    ).toEqual(['release/*'])
    const userEntry = one.body.merge_access_levels.find((e: { user_id: number | null }) => e.user_id === dev.id)
    const patched = await api('PATCH', pb(`/${encodeURIComponent('release/*')}`), {
      json: {
        allow_force_push: true,
        allowed_to_merge: [{ id: userEntry.id, _destroy: true }],
        allowed_to_push: [{ access_level: 30 }],
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.allow_force_push).toBe(true)
    expect(patched.body.merge_access_levels).toHaveLength(1)
    expect(patched.body.push_access_levels.map((e: { access_level: number }) => e.access_level)).toEqual([40, 30])
    expect((await api('DELETE', pb(`/${encodeURIComponent('release/*')}`))).status).toBe(204)
    expect((await api('GET', pb(`/${encodeURIComponent('release/*')}`))).body).toEqual({ message: '404 Not found' })
  })

  it('lets reporters read, not guests; only maintainers change rules', async () => {
    expect((await api('GET', pb(), { token: reporter.token })).status).toBe(200)
    expect((await api('GET', pb(), { token: guest.token })).status).toBe(403)
    expect((await api('POST', pb(), { token: dev.token, json: { name: 'feature-*' } })).status).toBe(403)
    expect((await api('GET', pb(), { token: (await createUser()).token })).status).toBe(404)
  })
})

describe('protection is enforced on branches', () => {
  it('shows protection on the branches API, most permissive rule winning', async () => {
    await api('POST', pb(), { json: { name: 'feature-*', push_access_level: 40, merge_access_level: 30 } })
    const asDev = await api('GET', `/projects/${project}/repository/branches/feature-x`, { token: dev.token })
    expect(asDev.body).toMatchObject({
      protected: true,
      developers_can_push: false,
      developers_can_merge: true,
      can_push: false,
    })
    const asMaintainer = await api('GET', `/projects/${project}/repository/branches/feature-x`, {
      token: maintainer.token,
    })
    expect(asMaintainer.body.can_push).toBe(true)
    await api('POST', pb(), { json: { name: 'feature-x', push_access_level: 30 } })
    expect(
      (await api('GET', `/projects/${project}/repository/branches/feature-x`, { token: dev.token })).body.can_push,
    ).toBe(true)
    const list = await api('GET', `/projects/${project}/repository/branches`, { token: dev.token })
    expect(list.body.find((b: { name: string }) => b.name === 'release/2.0')).toMatchObject({
      protected: false,
      can_push: true,
    })
  })

  it('refuses a developer deleting or creating a protected branch; a maintainer may delete', async () => {
    await api('POST', pb(), { json: { name: 'release/*' } })
    const del = await api('DELETE', `/projects/${project}/repository/branches/${encodeURIComponent('release/1.0')}`, {
      token: dev.token,
    })
    expect(del.status).toBe(400)
    expect(del.body).toEqual({
      message:
        'You are not allowed to delete protected branches from this project. Only a project maintainer or owner can delete a protected branch.',
    })
    const create = await api('POST', `/projects/${project}/repository/branches`, {
      token: dev.token,
      json: { branch: 'release/3.0', ref: 'main' },
    })
    expect(create.status).toBe(400)
    expect(create.body).toEqual({ message: 'You are not allowed to create protected branches on this project.' })
    expect(
      (
        await api('DELETE', `/projects/${project}/repository/branches/${encodeURIComponent('release/1.0')}`, {
          token: maintainer.token,
        })
      ).status,
    ).toBe(204)
    expect(
      (
        await api('POST', `/projects/${project}/repository/branches`, {
          token: dev.token,
          json: { branch: 'hotfix-1', ref: 'main' },
        })
      ).status,
    ).toBe(201)
  })
})
