import { beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique, writeCiConfig } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let dev: User
let dev2: User
let reporter: User
let maintainer: User
const base = () => `/projects/${project}/pipeline_schedules`

beforeAll(async () => {
  project = (await api('POST', '/projects', { json: { name: unique('ps'), initialize_with_readme: true } })).body.id
  ;[dev, dev2, reporter, maintainer] = await Promise.all([createUser(), createUser(), createUser(), createUser()])
  for (const [u, level] of [
    [dev, 30],
    [dev2, 30],
    [reporter, 20],
    [maintainer, 40],
  ] as const)
    await api('POST', `/projects/${project}/members`, { json: { user_id: u.id, access_level: level } })
  await writeCiConfig(project, 'build:\n  script: echo hello\n')
  await api('POST', `/projects/${project}/repository/tags`, { json: { tag_name: 'v1', ref: 'main' } })
  await api('POST', `/projects/${project}/repository/branches`, { json: { branch: 'both', ref: 'main' } })
  await api('POST', `/projects/${project}/repository/tags`, { json: { tag_name: 'both', ref: 'main' } })
})

describe('pipeline schedules', () => {
  it('creates with GitLab defaults, expands the ref and computes next_run_at in its zone', async () => {
    const res = await api('POST', base(), {
      token: dev.token,
      json: { description: 'Nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Pacific Time (US & Canada)' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      description: 'Nightly',
      ref: 'refs/heads/main',
      cron: '0 2 * * *',
      active: true,
      owner: { id: dev.id },
      last_pipeline: null,
      variables: [],
      inputs: [],
    })
    const next = new Date(res.body.next_run_at)
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(
      Number(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(
          next,
        ),
      ),
    ).toBe(2)
    const tag = await api('POST', base(), {
      token: dev.token,
      json: { description: 'Tagged', ref: 'v1', cron: '@daily' },
    })
    expect(tag.body.ref).toBe('refs/tags/v1')
  })

  it("answers GitLab's errors", async () => {
    expect((await api('POST', base(), { token: dev.token, json: {} })).body).toEqual({
      error: 'description is missing, ref is missing, cron is missing',
    })
    expect(
      (await api('POST', base(), { token: dev.token, json: { description: 'x', ref: 'main', cron: 'every day' } }))
        .body,
    ).toEqual({ message: { cron: ['syntax is invalid'] } })
    expect(
      (
        await api('POST', base(), {
          token: dev.token,
          json: { description: 'x', ref: 'main', cron: '* * * * *', cron_timezone: 'Mars' },
        })
      ).body,
    ).toEqual({
      message: { cron_timezone: ['syntax is invalid'] },
    })
    expect(
      (await api('POST', base(), { token: dev.token, json: { description: 'x', ref: 'both', cron: '* * * * *' } }))
        .body,
    ).toEqual({ message: { ref: ['is ambiguous'] } })
    expect(
      (await api('POST', base(), { token: dev.token, json: { description: 'x', ref: 'nope', cron: '* * * * *' } }))
        .body,
    ).toEqual({ message: { ref: ['is ambiguous'] } })
    expect((await api('GET', base(), { token: reporter.token })).status).toBe(403)
    expect((await api('GET', base(), { token: null })).status).toBe(401)
    expect((await api('GET', `${base()}/999999`, { token: dev.token })).body).toEqual({
      message: '404 Pipeline Schedule Not Found',
    })
  })

  it('lets only the owner or a maintainer change it; maintainers take ownership', async () => {
    const s = (
      await api('POST', base(), { token: dev.token, json: { description: 'Owned', ref: 'main', cron: '*/5 * * * *' } })
    ).body
    expect((await api('PUT', `${base()}/${s.id}`, { token: dev2.token, json: { description: 'hijack' } })).status).toBe(
      403,
    )
    const upd = await api('PUT', `${base()}/${s.id}`, {
      token: dev.token,
      json: { cron: '0 * * * *', active: false, inputs: [{ name: 'deploy', value: true }] },
    })
    expect(upd.body).toMatchObject({ cron: '0 * * * *', active: false, inputs: [{ name: 'deploy', value: true }] })
    expect((await api('POST', `${base()}/${s.id}/take_ownership`, { token: dev2.token })).status).toBe(403)
    const taken = await api('POST', `${base()}/${s.id}/take_ownership`, { token: maintainer.token })
    expect(taken.status).toBe(201)
    expect(taken.body.owner.id).toBe(maintainer.id)
    expect((await api('POST', `${base()}/${s.id}/take_ownership`, { token: maintainer.token })).status).toBe(200)
    expect(
      (await api('GET', base(), { token: dev.token, query: { scope: 'inactive' } })).body.map(
        (x: { id: number }) => x.id,
      ),
    ).toContain(s.id)
    const del = await api('DELETE', `${base()}/${s.id}`, { token: maintainer.token })
    expect(del.status).toBe(200)
    expect(del.body.id).toBe(s.id)
    expect((await api('GET', `${base()}/${s.id}`, { token: dev.token })).status).toBe(404)
  })

  it("plays without moving next_run_at and lists the schedule's pipelines", async () => {
    const s = (
      await api('POST', base(), { token: dev.token, json: { description: 'Play', ref: 'main', cron: '0 3 1 1 *' } })
    ).body
    const played = await api('POST', `${base()}/${s.id}/play`, { token: dev.token })
    expect(played.status).toBe(201)
    expect(played.body).toEqual({ message: '201 Created' })
    const after = (await api('GET', `${base()}/${s.id}`, { token: dev.token })).body
    expect(after.next_run_at).toBe(s.next_run_at)
    expect(after.last_pipeline).toMatchObject({ ref: 'main', status: 'pending', source: 'schedule' })
    const pipelines = await api('GET', `${base()}/${s.id}/pipelines`, { token: dev.token })
    expect(pipelines.body.map((p: { id: number }) => p.id)).toEqual([after.last_pipeline.id])
  })

  it('refuses play on a protected branch the caller may neither push nor merge to', async () => {
    await api('POST', `/projects/${project}/repository/branches`, { json: { branch: 'release/1', ref: 'main' } })
    const s = (
      await api('POST', base(), {
        token: dev.token,
        json: { description: 'Release', ref: 'release/1', cron: '0 3 1 1 *' },
      })
    ).body
    await api('POST', `/projects/${project}/protected_branches`, {
      json: { name: 'release/*', push_access_level: 40, merge_access_level: 40 },
    })
    expect((await api('POST', `${base()}/${s.id}/play`, { token: dev.token })).status).toBe(403)
    expect((await api('POST', `${base()}/${s.id}/play`, { token: maintainer.token })).status).toBe(201)
    await api('PATCH', `/projects/${project}/protected_branches/${encodeURIComponent('release/*')}`, {
      json: { allowed_to_merge: [{ access_level: 30 }] },
    })
    expect((await api('POST', `${base()}/${s.id}/play`, { token: dev.token })).status).toBe(201)
    const pipelines = await api('GET', `${base()}/${s.id}/pipelines`, { token: dev.token })
    expect(pipelines.body).toHaveLength(2)
  })

  it("manages variables with GitLab's key rules", async () => {
    const s = (
      await api('POST', base(), { token: dev.token, json: { description: 'Vars', ref: 'main', cron: '@hourly' } })
    ).body
    const v = `${base()}/${s.id}/variables`
    expect((await api('POST', v, { token: dev.token, json: { key: 'DEPLOY_ENV', value: 'prod' } })).body).toEqual({
      variable_type: 'env_var',
      key: 'DEPLOY_ENV',
      value: 'prod',
      raw: false,
    })
    expect((await api('POST', v, { token: dev.token, json: { key: 'DEPLOY_ENV', value: 'x' } })).body).toEqual({
      message: { key: ['has already been taken'] },
    })
    expect((await api('POST', v, { token: dev.token, json: { key: 'bad-key', value: 'x' } })).body).toEqual({
      message: { key: ["can contain only letters, digits and '_'."] },
    })
    expect((await api('POST', v, { token: dev.token, json: { key: 'K'.repeat(256), value: 'x' } })).body).toEqual({
      message: { key: ['is too long (maximum is 255 characters)'] },
    })
    expect(
      (await api('PUT', `${v}/DEPLOY_ENV`, { token: dev.token, json: { value: 'staging', variable_type: 'file' } }))
        .body,
    ).toMatchObject({
      value: 'staging',
      variable_type: 'file',
    })
    expect((await api('GET', `${v}/DEPLOY_ENV`, { token: dev.token })).body.value).toBe('staging')
    // read_pipeline_schedule_variables (Ci::PipelineSchedulePolicy): the owner and Maintainers; another
    // Developer reads the schedule without its variables and may not read one (they may hold secrets).
    expect((await api('GET', `${v}/DEPLOY_ENV`, { token: dev2.token })).body).toEqual({ message: '403 Forbidden' })
    const seenByDev2 = (await api('GET', `${base()}/${s.id}`, { token: dev2.token })).body
    expect(seenByDev2.id).toBe(s.id)
    expect(seenByDev2).not.toHaveProperty('variables')
    expect((await api('GET', `${base()}/${s.id}`, { token: maintainer.token })).body.variables).toEqual([
      { variable_type: 'file', key: 'DEPLOY_ENV', value: 'staging', raw: false },
    ])
    expect((await api('GET', `${v}/DEPLOY_ENV`, { token: maintainer.token })).body.value).toBe('staging')
    const del = await api('DELETE', `${v}/DEPLOY_ENV`, { token: dev.token })
    expect(del.status).toBe(202)
    expect((await api('GET', `${v}/DEPLOY_ENV`, { token: dev.token })).body).toEqual({
      message: '404 Pipeline Schedule Variable Not Found',
    })
  })
})
