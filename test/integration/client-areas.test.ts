// go-gitlab (behind GitLab's Terraform provider) and the ruby gitlab gem, unchanged from Debian,
// across every area the product has: a JSON type GitLab would not send (a decimal as a number, a
// null where an object is due) fails these programs' decoding, and so these tests.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { api, CLIENTS, goClientEnv, ROOT_TOKEN, runClient, unique } from '../helpers'
import { serverUrl } from '../setup/server'

describe('GitLab clients across the product', () => {
  it(
    'go-gitlab: settings (decimal as string), namespaces, groups, projects, protected branches, schedules, snippets, invitations, SAML links, broadcasts',
    { timeout: 200_000 },
    async () => {
      const suffix = unique('go').slice(3)
      const out = await runClient(
        'golang-go and golang-github-xanzy-go-gitlab-dev',
        'go',
        ['run', path.join(CLIENTS, 'go_gitlab_areas.go'), await serverUrl(), ROOT_TOKEN, suffix],
        await goClientEnv(),
      )
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
    },
  )

  it(
    'ruby gitlab gem: settings, namespaces, groups, projects, protected branches, schedules, snippets, invitations, SAML links, broadcasts',
    { timeout: 120_000 },
    async () => {
      const suffix = unique('rb').slice(3)
      const out = await runClient('ruby-gitlab', 'ruby', [
        path.join(CLIENTS, 'ruby_gitlab_areas.rb'),
        await serverUrl(),
        ROOT_TOKEN,
        suffix,
      ])
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
    },
  )
})
