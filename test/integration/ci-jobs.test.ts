// The runner protocol's job calls and the jobs API: a pipeline's jobs handed out stage by stage,
// the payload's variables and steps, logs in chunks, job tokens, the pipeline's roll-up, tags,
// paused runners, cancel/retry, heartbeats without writes, and exactly-once hand-out.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb, localWriteCount } from '../../lib/db'
import { flushTokenUses } from '../../lib/auth/last-used'
import { dropStuckJobs } from '../../lib/ci-jobs/stuck'
import { waitingPolls } from '../../lib/pipelines/queue-signal'
import { api, createUser, unique, until, writeCiConfig } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let dev: User
let project: number

const request = (token: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/jobs/request', {
    token: null,
    json: { token, info: { version: '17.5.0', platform: 'linux', architecture: 'amd64' }, ...extra },
  })
const newRunner = async (extra: Record<string, unknown> = {}) =>
  (await api('POST', '/user/runners', { json: { runner_type: 'project_type', project_id: project, ...extra } }))
    .body as { id: number; token: string }
const patchTrace = (id: number, token: string, start: number, text: string) =>
  api('PATCH', `/jobs/${id}/trace`, {
    token: null,
    headers: {
      'JOB-TOKEN': token,
      'Content-Range': `${start}-${start + Buffer.byteLength(text) - 1}`,
      'Content-Type': 'text/plain',
    },
    body: text,
  })
const update = (id: number, token: string, state: string, extra: Record<string, unknown> = {}) =>
  api('PUT', `/jobs/${id}`, { token: null, json: { token, state, ...extra } })

beforeAll(async () => {
  dev = await createUser()
  project = (await api('POST', '/projects', { json: { name: unique('jobs'), initialize_with_readme: true } })).body.id
  await api('POST', `/projects/${project}/members`, { json: { user_id: dev.id, access_level: 30 } })
})

describe('a pipeline run by a runner', () => {
  it("hands out jobs stage by stage with GitLab's payload, takes logs and rolls the pipeline up", async () => {
    await writeCiConfig(
      project,
      `
stages: [build, test]
variables: { GREETING: hello }
compile:
  stage: build
  before_script: [echo before]
  script: [echo $GREETING]
  after_script: [echo after]
unit:
  script: exit 1
lint:
  script: echo lint
`,
    )
    const runner = await newRunner({ description: 'worker' })
    const pipeline = (
      await api('POST', `/projects/${project}/pipeline`, {
        token: dev.token,
        json: { ref: 'main', variables: [{ key: 'EXTRA', value: 'from-api' }] },
      })
    ).body

    const first = await request(runner.token, { system_id: 's_machine1' })
    expect(first.status).toBe(201)
    const job = first.body
    expect(job).toMatchObject({
      id: expect.any(Number),
      token: expect.stringMatching(/^glcbt-/),
      job_info: { name: 'compile', stage: 'build', project_id: project },
      git_info: { ref: 'main', ref_type: 'branch' },
    })
    expect(job.steps).toEqual([
      {
        name: 'script',
        script: ['echo before', 'echo $GREETING'],
        timeout: 3600,
        when: 'on_success',
        allow_failure: false,
      },
      { name: 'after_script', script: ['echo after'], timeout: 3600, when: 'always', allow_failure: true },
    ])
    const vars = Object.fromEntries(job.variables.map((v: { key: string; value: string }) => [v.key, v.value]))
    expect(vars).toMatchObject({
      CI_JOB_TOKEN: job.token,
      CI_PROJECT_ID: String(project),
      CI_PIPELINE_ID: String(pipeline.id),
      CI_PIPELINE_SOURCE: 'api',
      CI_COMMIT_REF_NAME: 'main',
      CI_COMMIT_BRANCH: 'main',
      CI_JOB_NAME: 'compile',
      GREETING: 'hello',
      EXTRA: 'from-api',
    })
    expect(job.variables.find((v: { key: string }) => v.key === 'CI_JOB_TOKEN')).toMatchObject({
      public: false,
      masked: true,
    })

    // Nothing else may start before the build stage ends.
    const idle = await request(runner.token, { system_id: 's_machine1' })
    expect(idle.status).toBe(204)
    expect(idle.headers.get('x-gitlab-last-update')).toBeTruthy()
    expect((await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body).toMatchObject({
      status: 'running',
      started_at: expect.stringMatching(/Z$/),
    })

    // The log arrives in chunks; a wrong offset is a 416 with the current Range.
    expect((await patchTrace(job.id, job.token, 5, 'x')).status).toBe(416)
    const bad = await patchTrace(job.id, job.token, 5, 'x')
    expect(bad.headers.get('range')).toBe('0-0')
    const p1 = await patchTrace(job.id, job.token, 0, 'hello ')
    expect(p1.status).toBe(202)
    expect(p1.headers.get('range')).toBe('0-6')
    expect(p1.headers.get('job-status')).toBe('running')
    expect((await patchTrace(job.id, job.token, 6, 'world\n')).headers.get('range')).toBe('0-12')
    expect((await api('GET', `/projects/${project}/jobs/${job.id}/trace`, { token: dev.token })).text).toBe(
      'hello world\n',
    )

    // The job token reaches its own project while the job runs.
    expect((await api('GET', '/job', { token: null, headers: { 'JOB-TOKEN': job.token } })).body).toMatchObject({
      id: job.id,
      status: 'running',
    })
    expect(
      (await api('GET', `/projects/${project}/jobs/${job.id}`, { token: null, headers: { 'JOB-TOKEN': job.token } }))
        .status,
    ).toBe(200)
    const foreign = (await api('POST', '/projects', { json: { name: unique('foreign') } })).body.id
    await api('POST', `/projects/${foreign}/members`, { json: { user_id: dev.id, access_level: 30 } })
    expect(
      (await api('GET', `/projects/${foreign}/jobs`, { token: null, headers: { 'JOB-TOKEN': job.token } })).status,
    ).toBe(404)

    const done = await update(job.id, job.token, 'success', { exit_code: 0 })
    expect(done.status).toBe(200)
    expect(done.headers.get('job-status')).toBe('success')
    // …and stops working once it finished.
    expect((await api('GET', '/job', { token: null, headers: { 'JOB-TOKEN': job.token } })).status).toBe(401)
    const late = await update(job.id, job.token, 'success')
    expect(late.status).toBe(403)
    expect(late.body).toEqual({ message: '403 Forbidden - Job is not processing on runner' })
    expect(late.headers.get('job-status')).toBe('success')

    // The test stage: one fails, one passes; the pipeline fails.
    const a = (await request(runner.token)).body
    const b = (await request(runner.token)).body
    expect([a.job_info.name, b.job_info.name].sort()).toEqual(['lint', 'unit'])
    const unit = a.job_info.name === 'unit' ? a : b
    const lint = unit === a ? b : a
    await update(unit.id, unit.token, 'failed', { failure_reason: 'script_failure', exit_code: 1 })
    await update(lint.id, lint.token, 'success', { exit_code: 0 })
    const finished = (await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body
    expect(finished).toMatchObject({ status: 'failed', finished_at: expect.stringMatching(/Z$/) })
    expect(finished.duration).toEqual(expect.any(Number))

    const failed = await api('GET', `/projects/${project}/jobs`, { token: dev.token, query: { 'scope[]': 'failed' } })
    expect(failed.body).toHaveLength(1)
    expect(failed.body[0]).toMatchObject({
      id: unit.id,
      name: 'unit',
      status: 'failed',
      failure_reason: 'script_failure',
      runner: { id: runner.id, description: 'worker' },
      pipeline: { id: pipeline.id },
      tag_list: [],
    })
    expect(failed.body[0].duration).toEqual(expect.any(Number))
    const all = await api('GET', `/projects/${project}/pipelines/${pipeline.id}/jobs`, { token: dev.token })
    expect(all.body.map((j: { name: string; status: string }) => `${j.name}:${j.status}`)).toEqual([
      'compile:success',
      'unit:failed',
      'lint:success',
    ])
    expect((await api('GET', `/projects/${project}/jobs`, { query: { scope: 'bogus' } })).body).toEqual({
      error: 'scope does not have a valid value',
    })

    // The runner's view: its jobs and its manager.
    const runnerJobs = await api('GET', `/runners/${runner.id}/jobs`, { query: { status: 'failed' } })
    expect(runnerJobs.body.map((j: { id: number }) => j.id)).toEqual([unit.id])
    expect(runnerJobs.body[0].project).toEqual(
      expect.objectContaining({
        id: project,
        name: expect.any(String),
        path: expect.any(String),
        path_with_namespace: expect.stringContaining('/'),
        description: expect.any(String),
        created_at: expect.stringMatching(/Z$/),
      }),
    )
    const managers = (await api('GET', `/runners/${runner.id}/managers`)).body
    expect(managers).toEqual([
      expect.objectContaining({ system_id: 's_machine1', version: '17.5.0', platform: 'linux', status: 'online' }),
    ])
    expect((await api('GET', `/runners/${runner.id}`)).body).toMatchObject({
      status: 'online',
      online: true,
      version: '17.5.0',
      contacted_at: expect.stringMatching(/Z$/),
    })

    // Retry makes a new pending job; cancel ends it.
    const retried = await api('POST', `/projects/${project}/jobs/${unit.id}/retry`, { token: dev.token })
    expect(retried.status).toBe(201)
    expect(retried.body).toMatchObject({ name: 'unit', status: 'pending' })
    expect((await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body.status).toBe('running')
    const canceled = await api('POST', `/projects/${project}/jobs/${retried.body.id}/cancel`, { token: dev.token })
    expect(canceled.body.status).toBe('canceled')
    expect((await api('POST', `/projects/${project}/jobs/${unit.id}/retry`, { token: dev.token })).body).toEqual({
      message: '403 Forbidden - Job is not retryable',
    })
  })
})

describe('matching and heartbeats', () => {
  it('honours tags, run_untagged, paused and ref_protected', async () => {
    await writeCiConfig(project, 'tagged:\n  script: x\n  tags: [gpu]\n')
    const plain = await newRunner()
    const gpu = await newRunner({ tag_list: ['gpu', 'linux'], run_untagged: false })
    const protectedOnly = await newRunner({ tag_list: ['gpu'], access_level: 'ref_protected' })
    await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })
    expect((await request(plain.token)).status).toBe(204)
    expect((await request(protectedOnly.token)).status).toBe(204)
    await api('PUT', `/runners/${gpu.id}`, { json: { paused: true } })
    expect((await request(gpu.token)).status).toBe(204)
    await api('PUT', `/runners/${gpu.id}`, { json: { paused: false } })
    const got = await request(gpu.token)
    expect(got.status).toBe(201)
    await update(got.body.id, got.body.token, 'success')
    expect((await request('glrt-unknown')).status).toBe(403)
  })

  it('writes nothing to the database for repeated idle polls', async () => {
    const runner = await newRunner({ tag_list: ['nothing-matches'], run_untagged: false })
    expect((await request(runner.token, { system_id: 's_idle' })).status).toBe(204)
    // The root token's last-used time from creating the runner is written a second later: do it now,
    // or a slow run counts that write against the polls.
    await flushTokenUses()
    const before = localWriteCount()
    for (let i = 0; i < 20; i++) expect((await request(runner.token, { system_id: 's_idle' })).status).toBe(204)
    expect(localWriteCount()).toBe(before)
  })

  it('waits on a long poll until a job arrives', async () => {
    await writeCiConfig(project, 'later:\n  script: x\n  tags: [longpoll]\n')
    const runner = await newRunner({ tag_list: ['longpoll'] })
    const first = await request(runner.token)
    expect(first.status).toBe(204)
    const waiting = request(runner.token, { last_update: first.headers.get('x-gitlab-last-update') })
    // Create the pipeline only once the poll is parked: arriving after the job, it would not wait at all.
    await until(
      'the poll waits',
      async () => waitingPolls(),
      (n) => n > 0,
    )
    await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })
    const got = await waiting
    expect(got.status).toBe(201)
    expect(got.body.job_info.name).toBe('later')
    await update(got.body.id, got.body.token, 'success')
  })
})

describe('stuck jobs', () => {
  it('fails a running job unheard of for an hour, and its pipeline with it', async () => {
    await writeCiConfig(project, 'lost:\n  script: x\n  tags: [lost]\n')
    const runner = await newRunner({ tag_list: ['lost'] })
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const job = (await request(runner.token)).body
    // A keep-alive within the hour keeps it; an hour of silence does not.
    expect((await update(job.id, job.token, 'running')).status).toBe(200)
    const db = await getDb()
    await db.job.update({ where: { id: job.id }, data: { updatedAt: new Date(Date.now() - 2 * 3600_000) } })
    expect(await dropStuckJobs()).toBeGreaterThanOrEqual(1)
    expect((await api('GET', `/projects/${project}/jobs/${job.id}`)).body).toMatchObject({
      status: 'failed',
      failure_reason: 'stuck_or_timeout_failure',
    })
    expect((await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body.status).toBe('failed')
    expect((await update(job.id, job.token, 'success')).status).toBe(403)
  })
})

describe('exactly once', () => {
  it('hands 10 jobs to 50 concurrent requests exactly once each', async () => {
    const jobs = Array.from({ length: 10 }, (_, i) => `j${i}:\n  script: echo ${i}\n  tags: [race]\n`).join('')
    await writeCiConfig(project, jobs)
    const runners = await Promise.all(Array.from({ length: 5 }, () => newRunner({ tag_list: ['race'] })))
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => request(runners[i % 5]!.token)))
    const handed = results.filter((r) => r.status === 201).map((r) => r.body.id as number)
    expect(results.every((r) => r.status === 201 || r.status === 204)).toBe(true)
    expect(handed).toHaveLength(10)
    expect(new Set(handed).size).toBe(10)
    const db = await getDb()
    const rows = await db.job.findMany({ where: { pipelineId: pipeline.id } })
    expect(rows.every((j) => j.status === 'running' && j.runnerId !== null)).toBe(true)
    expect(rows.map((j) => j.id).sort()).toEqual([...handed].sort())
  })

  it('a claim whose candidates went to other runners while it waited for the write lock costs one transaction', async () => {
    const jobs = Array.from({ length: 6 }, (_, i) => `g${i}:\n  script: echo ${i}\n  tags: [gone]\n`).join('')
    await writeCiConfig(project, jobs)
    const runner = await newRunner({ tag_list: ['gone'] })
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const db = await getDb()
    // Other runners win every candidate between this claim's read and its transaction.
    // The client is a proxy whose $transaction wraps its target's: the spy below replaces the
    // target's, so it must call the target's original (read through a getter, whose `this` is the target).
    Object.defineProperty(db, 'target$', {
      get() {
        return this as unknown
      },
      configurable: true,
    })
    const target = (db as unknown as { target$: { $transaction: (...a: unknown[]) => Promise<unknown> } }).target$
    delete (db as unknown as { target$?: unknown }).target$
    const transaction = target.$transaction.bind(target)
    let claims = 0
    const spy = vi.spyOn(db, '$transaction').mockImplementation(async (...args: unknown[]) => {
      if (typeof args[0] === 'function' && String(args[0]).includes('markRunning')) {
        if (claims++ === 0) await db.job.updateMany({ where: { pipelineId: pipeline.id }, data: { status: 'running' } })
      }
      return transaction(...args)
    })
    try {
      expect((await request(runner.token)).status).toBe(204)
    } finally {
      spy.mockRestore()
    }
    expect(claims).toBe(1)
  })
})
