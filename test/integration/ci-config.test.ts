// Repository files, CI lint and pipelines created from `.gitlab-ci.yml` (POST /projects/:id/pipeline).
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique, writeCiConfig } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let dev: User
let reporter: User

beforeAll(async () => {
  project = (await api('POST', '/projects', { json: { name: unique('cfg'), initialize_with_readme: true } })).body.id
  ;[dev, reporter] = await Promise.all([createUser(), createUser()])
  for (const [u, level] of [
    [dev, 30],
    [reporter, 20],
  ] as const)
    await api('POST', `/projects/${project}/members`, { json: { user_id: u.id, access_level: level } })
})

describe('repository files', () => {
  it('creates, reads, updates and deletes a file, each write a commit on the branch', async () => {
    const path = `/projects/${project}/repository/files/${encodeURIComponent('docs/a b.txt')}`
    const before = (await api('GET', `/projects/${project}/repository/branches/main`)).body.commit.id
    const created = await api('POST', path, {
      token: dev.token,
      json: { branch: 'main', content: 'one', commit_message: 'add' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ file_path: 'docs/a b.txt', branch: 'main' })
    expect(
      (await api('POST', path, { token: dev.token, json: { branch: 'main', content: 'x', commit_message: 'again' } }))
        .body,
    ).toEqual({
      message: 'A file with this name already exists',
    })
    const file = (await api('GET', path, { token: reporter.token, query: { ref: 'main' } })).body
    expect(file).toMatchObject({
      file_name: 'a b.txt',
      file_path: 'docs/a b.txt',
      size: 3,
      encoding: 'base64',
      content: Buffer.from('one').toString('base64'),
      ref: 'main',
    })
    expect(file.commit_id).not.toBe(before)
    expect(
      (await api('PUT', path, { token: dev.token, json: { branch: 'main', content: 'two', commit_message: 'edit' } }))
        .status,
    ).toBe(200)
    const raw = await api('GET', `${path}/raw`, { token: reporter.token })
    expect(raw.text).toBe('two')
    expect(raw.headers.get('x-gitlab-file-path')).toBe('docs/a b.txt')
    // The old content is still there at the earlier commit.
    expect((await api('GET', `${path}/raw`, { query: { ref: file.commit_id } })).text).toBe('one')
    expect(
      (await api('POST', path, { token: reporter.token, json: { branch: 'main', content: 'x', commit_message: 'x' } }))
        .status,
    ).toBe(403)
    expect(
      (await api('DELETE', path, { token: dev.token, json: { branch: 'main', commit_message: 'rm' } })).status,
    ).toBe(204)
    expect((await api('GET', path, { query: { ref: 'main' } })).body).toEqual({ message: '404 File Not Found' })
  })
})

describe('CI lint', () => {
  it("validates content with GitLab's result entity", async () => {
    const ok = await api('POST', `/projects/${project}/ci/lint`, {
      token: dev.token,
      json: { content: 'build:\n  script: make\n  tags: [linux]\n', include_jobs: true },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      valid: true,
      errors: [],
      warnings: [],
      includes: [],
      jobs: [
        {
          name: 'build',
          stage: 'test',
          script: ['make'],
          tag_list: ['linux'],
          when: 'on_success',
          allow_failure: false,
        },
      ],
    })
    expect(ok.body.merged_yaml).toContain('script: make')
    const bad = await api('POST', `/projects/${project}/ci/lint`, {
      token: dev.token,
      json: { content: 'build:\n  script: make\n  bogus: 1\n' },
    })
    expect(bad.body).toEqual({
      valid: false,
      errors: ['jobs:build config contains unknown keys: bogus'],
      warnings: [],
      merged_yaml: null,
      includes: null,
    })
    expect((await api('POST', `/projects/${project}/ci/lint`, { token: dev.token, json: {} })).body).toEqual({
      error: 'content is missing',
    })
    expect(
      (await api('POST', `/projects/${project}/ci/lint`, { token: reporter.token, json: { content: 'a' } })).status,
    ).toBe(403)
  })
})

describe('pipelines from .gitlab-ci.yml', () => {
  it('answers "Missing CI config file" and "Reference not found" without creating a pipeline', async () => {
    const other = (await api('POST', '/projects', { json: { name: unique('nocfg'), initialize_with_readme: true } }))
      .body.id
    expect((await api('POST', `/projects/${other}/pipeline`, { json: { ref: 'main' } })).body).toEqual({
      message: { base: ['Missing CI config file'] },
    })
    expect((await api('POST', `/projects/${other}/pipeline`, { json: { ref: 'nope' } })).body).toEqual({
      message: { base: ['Reference not found'] },
    })
    expect((await api('GET', `/projects/${other}/pipelines`)).body).toEqual([])
    expect((await api('GET', `/projects/${other}/ci/lint`)).body).toMatchObject({
      valid: false,
      errors: ['Please provide content of .gitlab-ci.yml'],
    })
  })

  it('creates the jobs of the configuration: the first stage pending, later ones waiting, rules applied', async () => {
    await writeCiConfig(
      project,
      `
stages: [build, test]
variables: { GREETING: hello }
compile:
  stage: build
  script: echo $GREETING
  tags: [linux]
unit:
  script: echo test
nightly:
  script: echo nightly
  rules:
    - if: $CI_PIPELINE_SOURCE == "schedule"
`,
    )
    const res = await api('POST', `/projects/${project}/pipeline`, {
      token: dev.token,
      json: { ref: 'main', variables: [{ key: 'EXTRA', value: '1' }] },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      ref: 'main',
      status: 'pending',
      source: 'api',
      yaml_errors: null,
      user: { id: dev.id },
    })
    const db = await getDb()
    const jobs = await db.job.findMany({ where: { pipelineId: res.body.id }, orderBy: { id: 'asc' } })
    expect(jobs.map((j) => [j.name, j.stage, j.status])).toEqual([
      ['compile', 'build', 'pending'],
      ['unit', 'test', 'created'],
    ])
    expect(JSON.parse(jobs[0]!.tags)).toEqual(['linux'])
    expect(JSON.parse(jobs[0]!.options)).toMatchObject({
      script: ['echo $GREETING'],
      variables: [{ key: 'GREETING', value: 'hello' }],
    })
    const pipeline = await db.pipeline.findUniqueOrThrow({ where: { id: res.body.id } })
    expect(JSON.parse(pipeline.variables)).toEqual([{ key: 'EXTRA', value: '1', variable_type: 'env_var' }])
    expect(
      (await api('POST', `/projects/${project}/pipeline`, { token: reporter.token, json: { ref: 'main' } })).status,
    ).toBe(403)
  })

  it('creates a failed pipeline with yaml_errors for an invalid configuration', async () => {
    await writeCiConfig(project, 'build:\n  script: x\n  artefacts: {}\n', { branch: 'main' })
    const res = await api('POST', `/projects/${project}/pipeline`, { token: dev.token, json: { ref: 'main' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: { base: ['jobs:build config contains unknown keys: artefacts'] } })
    const [latest] = (await api('GET', `/projects/${project}/pipelines`, { token: dev.token })).body
    const detail = (await api('GET', `/projects/${project}/pipelines/${latest.id}`, { token: dev.token })).body
    expect(detail).toMatchObject({
      status: 'failed',
      yaml_errors: 'jobs:build config contains unknown keys: artefacts',
    })
    expect(detail.finished_at).toMatch(/Z$/)
  })

  it('refuses a protected branch to a developer who may not push or merge to it', async () => {
    await api('POST', `/projects/${project}/repository/branches`, { json: { branch: 'stable', ref: 'main' } })
    await api('POST', `/projects/${project}/protected_branches`, {
      json: { name: 'stable', push_access_level: 40, merge_access_level: 40 },
    })
    expect(
      (await api('POST', `/projects/${project}/pipeline`, { token: dev.token, json: { ref: 'stable' } })).body,
    ).toEqual({
      message: { base: ["Insufficient permissions for protected ref 'stable'"] },
    })
  })
})
