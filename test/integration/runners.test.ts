// The runners API: registration tokens, POST /runners and /user/runners, lists with their filters,
// one runner, updates, assignment, the 403-vs-404 rules and the manage_runner(s) scopes.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let owner: User
let maintainer: User
let developer: User
let group: { id: number; runners_token: string }
let project: { id: number; runners_token?: string }
let other: { id: number }

const register = async (token: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/runners', { token: null, json: { token, ...extra } })

beforeAll(async () => {
  ;[owner, maintainer, developer] = await Promise.all([createUser(), createUser(), createUser()])
  const g = await createGroup()
  await api('POST', `/groups/${g.id}/members`, { json: { user_id: owner.id, access_level: 50 } })
  group = (await api('GET', `/groups/${g.id}`, { token: owner.token })).body
  project = (await api('POST', '/projects', { json: { name: unique('rp'), namespace_id: g.id } })).body
  other = (await api('POST', '/projects', { json: { name: unique('rp2'), namespace_id: g.id } })).body
  for (const [u, level] of [
    [maintainer, 40],
    [developer, 30],
  ] as const) {
    await api('POST', `/projects/${project.id}/members`, { json: { user_id: u.id, access_level: level } })
    await api('POST', `/projects/${other.id}/members`, { json: { user_id: u.id, access_level: level } })
  }
})

describe('registration', () => {
  it('shows registration tokens to group owners and project maintainers only', async () => {
    expect(group.runners_token).toMatch(/^GR1348941/)
    const asMaintainer = (await api('GET', `/projects/${project.id}`, { token: maintainer.token })).body
    expect(asMaintainer.runners_token).toMatch(/^GR1348941/)
    expect((await api('GET', `/projects/${project.id}`, { token: developer.token })).body.runners_token).toBeUndefined()
    const db = await getDb()
    const row = await db.project.findUniqueOrThrow({ where: { id: project.id } })
    expect(row.runnersTokenEnc).not.toContain(asMaintainer.runners_token)
    project.runners_token = asMaintainer.runners_token
  })

  it('registers runners with a registration token and refuses bad tokens', async () => {
    const res = await register(group.runners_token, {
      description: 'group runner',
      tag_list: 'docker, linux',
      info: { version: '17.0.0', platform: 'linux', architecture: 'amd64' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ id: expect.any(Number), token: expect.stringMatching(/^glrt-/), token_expires_at: null })
    const runner = (await api('GET', `/runners/${res.body.id}`)).body
    expect(runner).toMatchObject({
      ip_address: '',
      runner_type: 'group_type',
      description: 'group runner',
      tag_list: ['docker', 'linux'],
      status: 'never_contacted',
      active: true,
      paused: false,
      is_shared: false,
      version: '17.0.0',
      groups: [{ id: group.id }],
    })
    expect((await register('nope')).status).toBe(403)
    expect((await register(group.runners_token, { maximum_timeout: 60 })).body).toEqual({
      message: { maximum_timeout: ['needs to be at least 10 minutes'] },
    })
    expect((await register(group.runners_token, { run_untagged: false })).body).toEqual({
      message: { tags_list: ['can not be empty when runner is not allowed to pick untagged jobs'] },
    })
  })

  it('verifies, resets and unregisters with the runner token', async () => {
    const { id, token } = (await register(project.runners_token!, { description: 'temp' })).body
    expect((await api('POST', '/runners/verify', { token: null, json: { token, system_id: 's_1' } })).body).toEqual({
      id,
      token,
      token_expires_at: null,
    })
    const reset = await api('POST', '/runners/reset_authentication_token', { token: null, json: { token } })
    expect(reset.status).toBe(201)
    expect((await api('POST', '/runners/verify', { token: null, json: { token } })).status).toBe(403)
    expect((await api('DELETE', '/runners', { token: null, json: { token: reset.body.token } })).status).toBe(204)
    expect((await api('GET', `/runners/${id}`)).status).toBe(404)
  })

  it('refuses registration tokens when allow_runner_registration_token is off', async () => {
    await api('PUT', '/application/settings', { json: { allow_runner_registration_token: false } })
    try {
      expect((await register(project.runners_token!)).body).toEqual({
        message: '410 Gone - runner registration disallowed',
      })
    } finally {
      await api('PUT', '/application/settings', { json: { allow_runner_registration_token: true } })
    }
  })

  it('creates runners for signed-in users (POST /user/runners)', async () => {
    const created = await api('POST', '/user/runners', {
      token: maintainer.token,
      json: { runner_type: 'project_type', project_id: project.id, description: 'mine', tag_list: ['a'] },
    })
    expect(created.status).toBe(201)
    expect(created.body.token).toMatch(/^glrt-/)
    expect(
      (
        await api('POST', '/user/runners', {
          token: developer.token,
          json: { runner_type: 'project_type', project_id: project.id },
        })
      ).status,
    ).toBe(403)
    expect(
      (await api('POST', '/user/runners', { token: maintainer.token, json: { runner_type: 'instance_type' } })).status,
    ).toBe(403)
    expect(
      (await api('POST', '/user/runners', { token: maintainer.token, json: { runner_type: 'bogus' } })).body,
    ).toEqual({ error: 'runner_type does not have a valid value' })
  })
})

describe('management', () => {
  let instanceId: number
  let projectRunnerId: number
  beforeAll(async () => {
    instanceId = (
      await api('POST', '/user/runners', { json: { runner_type: 'instance_type', description: 'shared one' } })
    ).body.id
    projectRunnerId = (
      await api('POST', '/user/runners', {
        token: maintainer.token,
        json: { runner_type: 'project_type', project_id: project.id, description: 'proj' },
      })
    ).body.id
  })

  it('lists owned runners (never instance ones), all runners for admins, with filters in the database', async () => {
    const mine = (await api('GET', '/runners', { token: maintainer.token })).body.map((r: { id: number }) => r.id)
    expect(mine).toContain(projectRunnerId)
    expect(mine).not.toContain(instanceId)
    const ownerList = (await api('GET', '/runners', { token: owner.token, query: { type: 'group_type' } })).body
    expect(ownerList.length).toBeGreaterThan(0)
    expect(ownerList.every((r: { runner_type: string }) => r.runner_type === 'group_type')).toBe(true)
    expect((await api('GET', '/runners', { token: developer.token })).body).toEqual([])
    const all = await api('GET', '/runners/all', { query: { type: 'instance_type', per_page: 1 } })
    expect(all.headers.get('x-total')).toBeTruthy()
    expect(all.body[0].runner_type).toBe('instance_type')
    expect((await api('GET', '/runners/all', { token: maintainer.token })).status).toBe(403)
    expect((await api('GET', '/runners', { query: { type: 'bogus' } })).body).toEqual({
      error: 'type does not have a valid value',
    })
    expect((await api('GET', '/runners', { query: { status: 'bogus' } })).body).toEqual({
      error: 'status does not have a valid value',
    })
    expect((await api('GET', '/runners', { token: owner.token, query: { scope: 'specific' } })).body).toEqual({
      message: 'Scope contains invalid value',
    })
    const tagged = (await api('GET', '/runners/all', { query: { tag_list: 'docker,linux' } })).body
    expect(tagged.length).toBeGreaterThan(0)
    expect((await api('GET', '/runners/all', { query: { tag_list: 'docker,nope' } })).body).toEqual([])
    expect(
      (await api('GET', '/runners/all', { query: { status: 'never_contacted', paused: false } })).body.map(
        (r: { id: number }) => r.id,
      ),
    ).toContain(instanceId)
  })

  it('answers 403 for an existing runner the caller may not see, 404 for an unknown one', async () => {
    expect((await api('GET', `/runners/${instanceId}`, { token: developer.token })).status).toBe(200)
    expect((await api('GET', `/runners/${projectRunnerId}`, { token: developer.token })).body).toEqual({
      message: '403 Forbidden - No access granted',
    })
    expect(
      (await api('PUT', `/runners/${instanceId}`, { token: maintainer.token, json: { paused: true } })).status,
    ).toBe(403)
    expect((await api('GET', '/runners/999999')).body).toEqual({ message: '404 Runner Not Found' })
  })

  it("updates with GitLab's validation and parameter errors", async () => {
    const upd = await api('PUT', `/runners/${projectRunnerId}`, {
      token: maintainer.token,
      json: { paused: true, tag_list: 'x,y', maximum_timeout: 3600, maintenance_note: 'note' },
    })
    expect(upd.body).toMatchObject({
      paused: true,
      active: false,
      tag_list: ['x', 'y'],
      maximum_timeout: 3600,
      maintenance_note: 'note',
    })
    expect(
      (await api('PUT', `/runners/${projectRunnerId}`, { token: maintainer.token, json: { maximum_timeout: 10 } }))
        .body,
    ).toEqual({
      message: { maximum_timeout: ['needs to be at least 10 minutes'] },
    })
    expect(
      (
        await api('PUT', `/runners/${projectRunnerId}`, {
          token: maintainer.token,
          json: { maintenance_note: 'x'.repeat(1025) },
        })
      ).body,
    ).toEqual({
      message: { maintenance_note: ['is too long (maximum is 1024 characters)'] },
    })
    expect(
      (await api('PUT', `/runners/${projectRunnerId}`, { token: maintainer.token, json: { access_level: 'nope' } }))
        .body,
    ).toEqual({
      error: 'access_level does not have a valid value',
    })
    expect((await api('PUT', `/runners/${projectRunnerId}`, { token: maintainer.token, json: {} })).status).toBe(400)
    expect(
      (await api('GET', '/runners/all', { query: { paused: true } })).body.map((r: { id: number }) => r.id),
    ).toContain(projectRunnerId)
  })

  it('assigns and unassigns project runners; the owner project stays', async () => {
    expect((await api('POST', `/projects/${other.id}/runners`, { token: maintainer.token, json: {} })).body).toEqual({
      error: 'runner_id is missing',
    })
    const assigned = await api('POST', `/projects/${other.id}/runners`, {
      token: maintainer.token,
      json: { runner_id: projectRunnerId },
    })
    expect(assigned.status).toBe(201)
    expect(assigned.body.id).toBe(projectRunnerId)
    expect(
      (
        await api('POST', `/projects/${other.id}/runners`, {
          token: maintainer.token,
          json: { runner_id: projectRunnerId },
        })
      ).status,
    ).toBe(400)
    expect(
      (await api('GET', `/projects/${other.id}/runners`, { token: maintainer.token })).body.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual(expect.arrayContaining([projectRunnerId, instanceId]))
    expect(
      (await api('DELETE', `/projects/${project.id}/runners/${projectRunnerId}`, { token: maintainer.token })).body,
    ).toEqual({
      message: '403 Forbidden - You cannot unassign a runner from the owner project. Delete the runner instead',
    })
    expect((await api('DELETE', `/runners/${projectRunnerId}`, { token: maintainer.token })).body).toEqual({
      message: '403 Forbidden - Runner associated with more than one project',
    })
    expect(
      (await api('DELETE', `/projects/${other.id}/runners/${projectRunnerId}`, { token: maintainer.token })).status,
    ).toBe(204)
    expect((await api('GET', `/projects/${other.id}/runners`, { token: developer.token })).status).toBe(403)
    expect(
      (await api('GET', `/groups/${group.id}/runners`, { token: owner.token })).body.map(
        (r: { runner_type: string }) => r.runner_type,
      ),
    ).toEqual(expect.arrayContaining(['group_type', 'instance_type']))
  })

  it('accepts manage_runner and manage_runners tokens on /runners/:id, not elsewhere', async () => {
    for (const scope of ['manage_runner', 'manage_runners']) {
      const u = await createUser({ admin: true, scopes: [scope] })
      expect((await api('GET', `/runners/${instanceId}`, { token: u.token })).status).toBe(200)
      expect(
        (await api('PUT', `/runners/${instanceId}`, { token: u.token, json: { description: 'renamed' } })).status,
      ).toBe(200)
      expect((await api('GET', '/runners/all', { token: u.token })).status).toBe(403)
    }
  })

  it('resets registration and authentication tokens', async () => {
    const old = project.runners_token!
    const res = await api('POST', `/projects/${project.id}/runners/reset_registration_token`, {
      token: maintainer.token,
    })
    expect(res.status).toBe(201)
    expect(res.body.token).not.toBe(old)
    expect((await register(old)).status).toBe(403)
    expect((await register(res.body.token)).status).toBe(201)
    const groupMaintainer = await createUser()
    await api('POST', `/groups/${group.id}/members`, { json: { user_id: groupMaintainer.id, access_level: 40 } })
    expect(
      (await api('POST', `/groups/${group.id}/runners/reset_registration_token`, { token: groupMaintainer.token }))
        .status,
    ).toBe(403)
    // The project's Maintainer sees the group through the project (GroupPolicy has_projects): 403, not 404.
    expect(
      (await api('POST', `/groups/${group.id}/runners/reset_registration_token`, { token: maintainer.token })).status,
    ).toBe(403)
    expect((await api('POST', '/runners/reset_registration_token')).status).toBe(201)
    const auth = await api('POST', `/runners/${projectRunnerId}/reset_authentication_token`, {
      token: maintainer.token,
    })
    expect(auth.body.token).toMatch(/^glrt-/)
  })
})

describe('runner managers', () => {
  it('a runner removes one of its managers by system_id (204), then it is gone', async () => {
    const reg = await register(group.runners_token, { description: unique('mgr') })
    expect(reg.status).toBe(201)
    const verified = await api('POST', '/runners/verify', {
      token: null,
      json: { token: reg.body.token, system_id: 's_0123456789ab' },
    })
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ id: reg.body.id, token: reg.body.token, token_expires_at: null })
    const managers = await api('GET', `/runners/${reg.body.id}/managers`, { token: owner.token })
    expect(managers.status).toBe(200)
    expect(managers.body).toEqual([
      expect.objectContaining({
        system_id: 's_0123456789ab',
        status: 'online',
        job_execution_status: 'idle',
        version: null,
      }),
    ])
    const removed = await api('DELETE', '/runners/managers', {
      token: null,
      json: { token: reg.body.token, system_id: 's_0123456789ab' },
    })
    expect(removed.status).toBe(204)
    expect((await api('GET', `/runners/${reg.body.id}/managers`, { token: owner.token })).body).toEqual([])
    expect(
      (
        await api('DELETE', '/runners/managers', {
          token: null,
          json: { token: reg.body.token, system_id: 's_0123456789ab' },
        })
      ).status,
    ).toBe(404)
  })
})
