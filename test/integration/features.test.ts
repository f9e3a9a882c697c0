// /features (GitLab's lib/api/features.rb) over raw HTTP, and featureEnabled() in this process (the
// server runs in it, so a write must be visible to the very next check).
import { describe, expect, it } from 'vitest'
import { featureEnabled, featureFlag } from '../../lib/features/service'
import { api, createGroup, createUser, unique } from '../helpers'

const flagName = () => unique('ff').replace(/-/g, '_')
const set = (name: string, json: Record<string, unknown>, token?: string) =>
  api('POST', `/features/${name}`, { json, token })

async function createProject(namespaceId?: number) {
  const res = await api('POST', '/projects', {
    json: { name: unique('ffp'), ...(namespaceId ? { namespace_id: namespaceId } : {}) },
  })
  expect(res.status).toBe(201)
  return res.body as { id: number; path_with_namespace: string }
}

describe('features: authentication', () => {
  it('answers 401 without a token and 403 to a non-administrator, on every route', async () => {
    const user = await createUser()
    const name = flagName()
    const routes: [string, string, Record<string, unknown>?][] = [
      ['GET', '/features'],
      ['GET', '/features/definitions'],
      ['POST', `/features/${name}`, { value: true }],
      ['DELETE', `/features/${name}`],
    ]
    for (const [method, path, json] of routes) {
      expect(await api(method, path, { token: null, json })).toMatchObject({
        status: 401,
        body: { message: '401 Unauthorized' },
      })
      expect(await api(method, path, { token: user.token, json })).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      })
    }
    // Refused before the parameters are read: no value is still 403, and nothing was written.
    expect(await api('POST', `/features/${name}`, { token: user.token })).toMatchObject({ status: 403 })
    expect(await featureFlag(name)).toBeNull()
  })
})

describe('features: global gate', () => {
  it('sets a flag on, lists it, and featureEnabled sees it at once', async () => {
    const name = flagName()
    expect(await featureEnabled(name)).toBe(false) // also fills this process's snapshot
    const res = await set(name, { value: true })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ name, state: 'on', gates: [{ key: 'boolean', value: true }], definition: null })
    expect(await featureFlag(name)).toMatchObject({ name, enabled: true, actors: [] })
    expect(await featureEnabled(name)).toBe(true)
    expect(await featureEnabled(name, { userId: 123456 })).toBe(true)

    const list = await api('GET', '/features')
    expect(list.status).toBe(200)
    expect((list.body as { name: string }[]).find((f) => f.name === name)).toEqual(res.body)

    const off = await set(name, { value: 'false' })
    expect(off.status).toBe(201)
    expect(off.body).toEqual({ name, state: 'off', gates: [{ key: 'boolean', value: false }], definition: null })
    expect(await featureEnabled(name)).toBe(false)
    expect(await featureFlag(name)).toMatchObject({ enabled: false })
  })

  it('takes form values, and 100 / 0 as on / off like GitLab', async () => {
    const name = flagName()
    expect((await api('POST', `/features/${name}`, { form: { value: '100' } })).body.state).toBe('on')
    expect(await featureEnabled(name)).toBe(true)
    expect((await api('POST', `/features/${name}`, { form: { value: '0' } })).body.state).toBe('off')
    expect(await featureEnabled(name)).toBe(false)
  })

  it('deletes a flag and its gates with 204, existing or not', async () => {
    const name = flagName()
    const user = await createUser()
    expect((await set(name, { value: true, user: user.username })).status).toBe(201)
    expect((await set(name, { value: true })).status).toBe(201)
    expect(await featureEnabled(name)).toBe(true)
    const del = await api('DELETE', `/features/${name}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect(await featureFlag(name)).toBeNull()
    expect(await featureEnabled(name)).toBe(false)
    expect(await featureEnabled(name, { userId: user.id })).toBe(false)
    expect(((await api('GET', '/features')).body as { name: string }[]).some((f) => f.name === name)).toBe(false)
    expect((await api('DELETE', `/features/${name}`)).status).toBe(204)
  })

  it('unknown flags are off', async () => {
    expect(await featureEnabled(flagName(), { userId: 1, projectId: 1, groupId: 1 })).toBe(false)
  })
})

describe('features: actors', () => {
  it('enables and disables users, projects and groups only', async () => {
    const name = flagName()
    const [alice, bob] = [await createUser(), await createUser()]
    const group = (await createGroup()) as { id: number; full_path: string }
    const project = await createProject(group.id)
    const other = await createProject()

    const byUser = await set(name, { value: true, user: alice.username })
    expect(byUser.status).toBe(201)
    expect(byUser.body).toEqual({
      name,
      state: 'conditional',
      gates: [
        { key: 'boolean', value: false },
        { key: 'actors', value: [`User:${alice.id}`] },
      ],
      definition: null,
    })
    expect(await featureEnabled(name, { userId: alice.id })).toBe(true)
    expect(await featureEnabled(name, { userId: bob.id })).toBe(false)
    expect(await featureEnabled(name)).toBe(false)

    // A project by full path, a group by id; several actors in one call.
    const more = await set(name, { value: 'true', project: project.path_with_namespace, group: String(group.id) })
    expect(more.body.gates[1]).toEqual({
      key: 'actors',
      value: [`User:${alice.id}`, `Project:${project.id}`, `Group:${group.id}`],
    })
    expect(await featureEnabled(name, { projectId: project.id })).toBe(true)
    expect(await featureEnabled(name, { projectId: other.id })).toBe(false)
    expect(await featureEnabled(name, { userId: bob.id, groupId: group.id })).toBe(true)
    // Project by id and group by full path work too (repeats change nothing).
    expect(
      (await set(name, { value: true, project: String(project.id), group: group.full_path })).body.gates[1].value,
    ).toHaveLength(3)

    const disabled = await set(name, { value: false, user: alice.username })
    expect(disabled.status).toBe(201)
    expect(disabled.body.gates[1]).toEqual({ key: 'actors', value: [`Project:${project.id}`, `Group:${group.id}`] })
    expect(await featureEnabled(name, { userId: alice.id })).toBe(false)
    expect(await featureEnabled(name, { projectId: project.id })).toBe(true)

    // Setting the boolean gate replaces every gate (Flipper clears the feature's rows).
    expect((await set(name, { value: false })).body).toEqual({
      name,
      state: 'off',
      gates: [{ key: 'boolean', value: false }],
      definition: null,
    })
    expect((await featureFlag(name))?.actors).toEqual([])
    expect(await featureEnabled(name, { projectId: project.id })).toBe(false)
  })

  it('disabling an actor of an unknown flag persists the flag, off', async () => {
    const name = flagName()
    const user = await createUser()
    const res = await set(name, { value: false, user: user.username })
    expect(res.body).toEqual({ name, state: 'off', gates: [{ key: 'boolean', value: false }], definition: null })
    expect(await featureFlag(name)).toMatchObject({ enabled: false, actors: [] })
  })
})

describe('features: gates of deleted actors', () => {
  it("drop with their project or group (their polymorphic rows), keeping the flag's other gates", async () => {
    const name = flagName()
    const group = (await createGroup()) as { id: number }
    const project = await createProject()
    expect((await set(name, { value: true, project: String(project.id), group: String(group.id) })).status).toBe(201)
    expect((await api('DELETE', `/projects/${project.id}`)).status).toBe(202)
    expect((await api('DELETE', `/groups/${group.id}`)).status).toBe(202)
    const flag = await featureFlag(name)
    expect(flag).toMatchObject({ name, enabled: false })
    expect(flag?.actors).toEqual([])
  })
})

describe('features: errors', () => {
  it('requires value', async () => {
    expect(await api('POST', `/features/${flagName()}`, { json: {} })).toMatchObject({
      status: 400,
      body: { error: 'value is missing' },
    })
  })

  it("answers GitLab's texts for a value it cannot set", async () => {
    const name = flagName()
    const user = await createUser()
    expect(await set(name, { value: 'maybe' })).toMatchObject({
      status: 400,
      body: { message: `400 Bad request - Cannot set '${name}' to "maybe"` },
    })
    expect(await set(name, { value: 'maybe', user: user.username })).toMatchObject({
      status: 400,
      body: { message: `400 Bad request - Cannot set '${name}' to "maybe" for User:${user.id}` },
    })
    expect(await featureFlag(name)).toBeNull()
  })

  it('names an unknown actor and writes nothing', async () => {
    const name = flagName()
    const user = await createUser()
    const ghost = unique('ghost')
    expect(await set(name, { value: true, user: `${user.username},${ghost}` })).toMatchObject({
      status: 400,
      body: { message: `400 Bad request - ${ghost} is not found!` },
    })
    expect(await set(name, { value: true, project: 'no/such-project' })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - no/such-project is not found!' },
    })
    expect(await set(name, { value: true, group: '999999999' })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - 999999999 is not found!' },
    })
    expect(await featureFlag(name)).toBeNull()
    expect(await featureEnabled(name, { userId: user.id })).toBe(false)
  })
})

describe('features: definitions', () => {
  it('lists the known flags with GitLab definition fields, default off', async () => {
    const res = await api('GET', '/features/definitions')
    expect(res.status).toBe(200)
    const byName = new Map((res.body as { name: string }[]).map((d) => [d.name, d]))
    for (const name of ['usage_data_queries_api', 'usage_data_non_sql_metrics']) {
      expect(byName.get(name)).toMatchObject({
        name,
        type: 'ops',
        default_enabled: false,
        milestone: '13.11',
        group: 'group::analytics instrumentation',
      })
    }
  })
})
