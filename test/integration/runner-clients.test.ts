// Real GitLab clients against the runners API, unchanged: python-gitlab (/usr/bin/python3),
// go-gitlab in GOPATH mode and the ruby gitlab gem, all from Debian's packages (installed by
// .ci/run; these tests do not skip when a client is missing, they fail and say what to install).
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, CLIENTS, goClientEnv, ROOT_TOKEN, runClient, unique } from '../helpers'
import { serverUrl } from '../setup/server'

let project: { id: number; runners_token: string }
let other: number

beforeAll(async () => {
  const created = (await api('POST', '/projects', { json: { name: unique('rc') } })).body
  project = (await api('GET', `/projects/${created.id}`)).body
  other = (await api('POST', '/projects', { json: { name: unique('rc2') } })).body.id
})

describe('runner clients', () => {
  it('python-gitlab: gl.runners.*, gl.runners.verify, project.runners.*', { timeout: 120_000 }, async () => {
    const out = await runClient('python3-gitlab', '/usr/bin/python3', [
      path.join(CLIENTS, 'python_gitlab_runners.py'),
      await serverUrl(),
      ROOT_TOKEN,
      project.runners_token,
      String(project.id),
      String(other),
    ])
    expect(out.warnings).toEqual([])
    expect(out.registered.token).toMatch(/^glrt-/)
    expect(out.detail).toEqual({
      description: 'py runner (edited)',
      tag_list: ['py', 'linux'],
      runner_type: 'project_type',
      status: 'online',
    })
    expect(out.owned).toContain(out.registered.id)
    expect(out.all).toContain(out.registered.id)
    expect(out.assigned).toContain(out.registered.id)
    expect(out.after_unassign).not.toContain(out.registered.id)
    expect(out.jobs).toEqual([])
    expect(out.gone).toBe(true)
  })

  it(
    'go-gitlab: RegisterNewRunner, ListRunners, ListAllRunners, GetRunnerDetails, UpdateRunnerDetails, project runners',
    { timeout: 180_000 },
    async () => {
      const out = await runClient(
        'golang-go and golang-github-xanzy-go-gitlab-dev',
        'go',
        [
          'run',
          path.join(CLIENTS, 'go_gitlab_runners.go'),
          await serverUrl(),
          ROOT_TOKEN,
          project.runners_token,
          String(project.id),
          String(other),
        ],
        await goClientEnv(),
      )
      expect(out.registered.token).toMatch(/^glrt-/)
      expect(out.all_ids).toContain(out.registered.id)
      expect(out.owned_ids).toContain(out.registered.id)
      expect(out.details).toEqual({
        description: 'go runner',
        tag_list: ['go', 'linux'],
        run_untagged: false,
        runner_type: 'project_type',
        status: 'online',
        project_ids: [project.id],
      })
      expect(out.updated).toEqual({ description: 'go runner (edited)', paused: true, active: false })
      expect(out.project_runners).toContain(out.registered.id)
      expect(out.jobs).toBe(0)
      const after = (await api('GET', `/projects/${other}/runners`)).body.map((r: { id: number }) => r.id)
      expect(after).not.toContain(out.registered.id)
    },
  )

  it(
    'ruby gitlab gem: Gitlab.runners, Gitlab.all_runners, Gitlab.project_runners, register_runner',
    { timeout: 120_000 },
    async () => {
      const out = await runClient('ruby-gitlab', 'ruby', [
        path.join(CLIENTS, 'ruby_gitlab_runners.rb'),
        await serverUrl(),
        ROOT_TOKEN,
        project.runners_token,
        String(project.id),
      ])
      expect(out.registered.token).toMatch(/^glrt-/)
      expect(out.runner).toEqual({
        description: 'ruby runner',
        tag_list: ['ruby', 'linux'],
        runner_type: 'project_type',
      })
      expect(out.owned).toContain(out.registered.id)
      expect(out.all).toContain(out.registered.id)
      expect(out.project).toContain(out.registered.id)
      expect(out.updated).toBe('ruby runner (edited)')
    },
  )
})
