// A group's subgroup_creation_level and project_creation_level (GitLab's GroupPolicy): `owner`
// keeps subgroups to Owners, `maintainer` and `noone` narrow who adds projects; the group's
// `abilities` say the same as POST /groups and POST /projects do.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let group: { id: number }
let owner: User, maintainer: User, developer: User

const abilities = async (user: User) =>
  (await api('GET', `/groups/${group.id}`, { token: user.token })).body.abilities as Record<string, boolean>
const subgroup = (user: User) =>
  api('POST', '/groups', { token: user.token, json: { name: unique('cl'), path: unique('cl'), parent_id: group.id } })
const project = (user: User) =>
  api('POST', '/projects', { token: user.token, json: { name: unique('cl'), namespace_id: group.id } })
const setLevels = async (json: Record<string, string>) =>
  expect((await api('PUT', `/groups/${group.id}`, { json })).status).toBe(200)

beforeAll(async () => {
  ;[owner, maintainer, developer] = await Promise.all([createUser(), createUser(), createUser()])
  group = await createGroup({ prefix: 'cl' })
  for (const [u, access_level] of [
    [owner, 50],
    [maintainer, 40],
    [developer, 30],
  ] as const)
    expect((await api('POST', `/groups/${group.id}/members`, { json: { user_id: u.id, access_level } })).status).toBe(
      201,
    )
})

describe('creation levels of a group', () => {
  it('by default lets Maintainers create subgroups and Developers create projects', async () => {
    expect((await abilities(maintainer)).create_subgroup).toBe(true)
    expect((await abilities(developer)).create_subgroup).toBe(false)
    expect((await abilities(developer)).create_projects).toBe(true)
    expect((await subgroup(maintainer)).status).toBe(201)
    expect((await subgroup(developer)).status).toBe(403)
    expect((await project(developer)).status).toBe(201)
  })

  it('keeps subgroups to Owners with subgroup_creation_level owner', async () => {
    await setLevels({ subgroup_creation_level: 'owner' })
    expect((await abilities(maintainer)).create_subgroup).toBe(false)
    expect((await abilities(owner)).create_subgroup).toBe(true)
    const refused = await subgroup(maintainer)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: '403 Forbidden' })
    expect((await subgroup(owner)).status).toBe(201)
    expect(
      (await api('POST', '/groups', { json: { name: unique('cl'), path: unique('cl'), parent_id: group.id } })).status,
    ).toBe(201)
  })

  it('narrows project creation to Maintainers, then to administrators', async () => {
    await setLevels({ project_creation_level: 'maintainer' })
    expect((await abilities(developer)).create_projects).toBe(false)
    expect((await abilities(maintainer)).create_projects).toBe(true)
    expect((await project(developer)).status).toBe(403)
    expect((await project(maintainer)).status).toBe(201)

    await setLevels({ project_creation_level: 'noone' })
    expect((await abilities(owner)).create_projects).toBe(false)
    expect((await project(owner)).status).toBe(403)
    const byAdmin = await api('POST', '/projects', { json: { name: unique('cl'), namespace_id: group.id } })
    expect(byAdmin.status).toBe(201)
    expect((await api('GET', `/groups/${group.id}`)).body.abilities.create_projects).toBe(true)
  })
})
