// The bundled runner (runner/main.ts) as a separate process against the real server: it registers,
// runs a pipeline's jobs in a shell with their variables, streams the log, reports the results,
// and on SIGTERM fails the job it holds instead of leaving it running; then it unregisters.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverUrl } from '../setup/server'
import { api, unique, writeCiConfig, until } from '../helpers'

let dir: string
let project: number
let runnerId: number
let runner: ChildProcess | null = null
const output: string[] = []

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
const cli = (args: string[]) =>
  spawn(tsx, ['runner/main.ts', ...args, '--config', join(dir, 'config.json')], {
    env: { ...process.env, RUNNER_SHUTDOWN_GRACE_SECONDS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bundled-runner-'))
  project = (await api('POST', '/projects', { json: { name: unique('bundled'), initialize_with_readme: true } })).body
    .id
  const created = (
    await api('POST', '/user/runners', {
      json: { runner_type: 'project_type', project_id: project, description: 'bundled' },
    })
  ).body
  runnerId = created.id
  const register = cli(['register', '--url', await serverUrl(), '--token', created.token])
  register.stdout.on('data', (d) => output.push(String(d)))
  register.stderr.on('data', (d) => output.push(String(d)))
  expect(await exitOf(register)).toBe(0)
  runner = cli(['run'])
  runner.stdout!.on('data', (d) => output.push(String(d)))
  runner.stderr!.on('data', (d) => output.push(String(d)))
})

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    runner.kill('SIGKILL')
    await exitOf(runner)
  }
  await rm(dir, { recursive: true, force: true })
})

describe('bundled runner', () => {
  it("runs a pipeline to success, streaming each job's log with its variables", async () => {
    await writeCiConfig(
      project,
      `
stages: [build, test]
variables: { GREETING: world }
hello:
  stage: build
  script:
    - echo "hello $GREETING from $CI_JOB_NAME in pipeline $CI_PIPELINE_ID"
    - echo "token $CI_JOB_TOKEN"
check:
  script: test "$CI_PROJECT_ID" = "${project}"
`,
    )
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const done = await until(
      'pipeline success',
      async () => (await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body,
      (p) => ['success', 'failed'].includes(p.status),
    )
    expect(done.status).toBe('success')
    const jobs = (await api('GET', `/projects/${project}/pipelines/${pipeline.id}/jobs`)).body
    const hello = jobs.find((j: { name: string }) => j.name === 'hello')
    const trace = (await api('GET', `/projects/${project}/jobs/${hello.id}/trace`)).text
    expect(trace).toContain(`$ echo "hello $GREETING from $CI_JOB_NAME in pipeline $CI_PIPELINE_ID"`)
    expect(trace).toContain(`hello world from hello in pipeline ${pipeline.id}`)
    expect(trace).toContain('token [MASKED]')
    expect(trace).toContain('Job succeeded')
    expect((await api('GET', `/runners/${runnerId}`)).body).toMatchObject({
      status: 'online',
      version: '17.0.0-bundled',
    })
  })

  it('reports a failing script as failed with its exit code', async () => {
    await writeCiConfig(project, 'broken:\n  script:\n    - echo about to fail\n    - exit 3\n')
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const done = await until(
      'pipeline failed',
      async () => (await api('GET', `/projects/${project}/pipelines/${pipeline.id}`)).body,
      (p) => ['success', 'failed'].includes(p.status),
    )
    expect(done.status).toBe('failed')
    const [job] = (await api('GET', `/projects/${project}/pipelines/${pipeline.id}/jobs`)).body
    expect(job).toMatchObject({ status: 'failed', failure_reason: 'script_failure' })
    expect((await api('GET', `/projects/${project}/jobs/${job.id}/trace`)).text).toContain(
      'ERROR: Job failed: exit code 3',
    )
  })

  it('fails the job it holds when stopped with SIGTERM, then unregisters', async () => {
    await writeCiConfig(project, 'slow:\n  script:\n    - echo started\n    - sleep 60\n')
    const pipeline = (await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).body
    const [job] = await until(
      'job running',
      async () => (await api('GET', `/projects/${project}/pipelines/${pipeline.id}/jobs`)).body,
      (j) => j[0]?.status === 'running',
    )
    await until(
      'log started',
      async () => (await api('GET', `/projects/${project}/jobs/${job.id}/trace`)).text,
      (t) => t.includes('started'),
    )
    runner!.kill('SIGTERM')
    expect(await exitOf(runner!)).toBe(0)
    const after = (await api('GET', `/projects/${project}/jobs/${job.id}`)).body
    expect(after).toMatchObject({ status: 'failed', failure_reason: 'runner_system_failure' })
    const unregister = cli(['unregister'])
    expect(await exitOf(unregister)).toBe(0)
    expect((await api('GET', `/runners/${runnerId}`)).status).toBe(404)
  })
})
