// go-gitlab (behind GitLab's Terraform provider) and the ruby gitlab gem, unchanged from Debian,
// across every area the product has: a JSON type GitLab would not send (a decimal as a number, a
// null where an object is due) fails these programs' decoding, and so these tests.
import { execFile } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { api, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

const run = promisify(execFile)
const CLIENTS = path.join(import.meta.dirname, '..', 'clients')

async function client(name: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await run(cmd, args, { timeout: 150_000, env: { ...process.env, ...env }, maxBuffer: 4 * 1024 * 1024 })
    return JSON.parse(stdout)
  } catch (e) {
    const err = e as { stderr?: string; message: string; code?: string }
    if (err.code === 'ENOENT') throw new Error(`${cmd} is missing: install ${name} from Debian (see .ci/run)`)
    throw new Error(`${name} failed:\n${err.stderr || err.message}`)
  }
}

describe('GitLab clients across the product', () => {
  it('go-gitlab: settings (decimal as string), namespaces, groups, projects, protected branches, schedules, snippets, invitations, SAML links, broadcasts', { timeout: 200_000 }, async () => {
    const suffix = unique('go').slice(3)
    const out = await client('golang-go and golang-github-xanzy-go-gitlab-dev', 'go', ['run', path.join(CLIENTS, 'go_gitlab_areas.go'), await serverUrl(), ROOT_TOKEN, suffix], {
      GO111MODULE: 'off',
      GOPATH: '/usr/share/gocode',
      GOCACHE: await mkdtemp(path.join(tmpdir(), 'gocache-')),
      GOFLAGS: '',
    })
    expect(out).toEqual({
      polling_before: 1,
      polling_after: 1.5,
      external_auth_timeout: 0.75,
      namespace: { id_matches: true, kind: 'group', full_path_matches: true, plan: 'default' },
      child_exists_before: false,
      child_exists_after: true,
      child_suggests: ['child1'],
      namespaces_found: 1,
      group_description: 'managed by go',
      subgroups: 1,
      project_path: true,
      protected: ['release/*'],
      schedule: { description: 'nightly', cron: '0 3 * * *', active: false },
      schedules: 1,
      snippet: { title: 'howto', file_name: 'howto.md', listed: 1 },
      invite_status: 'success',
      pending: 1,
      saml: { name: 'go-devs', access_level: 30, listed: 1 },
      broadcast: `go says hi ${suffix}`,
    })
    // The wire format go-gitlab decoded: GitLab's string for the decimal column, a number for the float one.
    const raw = await api('GET', '/application/settings')
    expect(raw.text).toContain('"polling_interval_multiplier":"1.0"')
    expect(raw.body.external_authorization_service_timeout).toBe(0.75)
  })

  it('ruby gitlab gem: settings, namespaces, groups, projects, protected branches, schedules, snippets, invitations, SAML links, broadcasts', { timeout: 120_000 }, async () => {
    const suffix = unique('rb').slice(3)
    const out = await client('ruby-gitlab', 'ruby', [path.join(CLIENTS, 'ruby_gitlab_areas.rb'), await serverUrl(), ROOT_TOKEN, suffix])
    expect(out).toEqual({
      polling: '2.0',
      namespaces: [['group', true]],
      group_description: 'managed by ruby',
      subgroups: ['child'],
      project_path: true,
      protected: ['release/*'],
      schedule: { description: 'nightly', active: false },
      schedules: 1,
      snippet: { title: 'howto', content: '# how' },
      invite_status: 'success',
      saml: { name: 'ruby-devs', access_level: 30 },
      broadcast: `ruby says hi ${suffix}`,
    })
  })
})
