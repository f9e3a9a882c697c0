// Direct transfer with this server as both source and destination (loopback allowed for the test):
// a group with a subgroup, projects, members, a protected branch, a schedule and a snippet is
// migrated under another group through the real protocol (version, token check, GraphQL,
// export_relations, downloads), on the durable queue.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { api, createGroup, createUser, ROOT_TOKEN, unique, until, writeCiConfig } from '../helpers'
import { serverUrl } from '../setup/server'

const settings = (json: Record<string, unknown>) => api('PUT', '/application/settings', { json })
const CI_CONFIG = 'test:\n  script: [echo migrated]\n'

let source: { id: number; full_path: string }
let dest: { id: number; full_path: string }
let member: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  startQueueWorker({ pollMs: 50 })
  member = await createUser()
  source = await createGroup({ name: unique('Source') })
  const sub = await createGroup({ parent: source.id, name: 'Sub', prefix: 'sub' })
  dest = await createGroup({ name: unique('Dest') })
  await api('POST', `/groups/${source.id}/members`, { json: { user_id: member.id, access_level: 30 } })
  const app = (
    await api('POST', '/projects', {
      json: { name: 'app', path: 'app', namespace_id: source.id, initialize_with_readme: true, description: 'the app' },
    })
  ).body
  await api('POST', '/projects', {
    json: { name: 'lib', path: 'lib', namespace_id: sub.id, initialize_with_readme: true },
  })
  await api('POST', `/projects/${app.id}/protected_branches`, {
    json: { name: 'main', push_access_level: 40, merge_access_level: 40 },
  })
  await api('POST', `/projects/${app.id}/pipeline_schedules`, {
    json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
  })
  await api('POST', `/projects/${app.id}/snippets`, {
    json: { title: 'howto', visibility: 'private', files: [{ file_path: 'howto.md', content: '# how' }] },
  })
  await writeCiConfig(app.id, CI_CONFIG)
  await api('PUT', `/groups/${source.id}`, {
    json: {
      project_creation_level: 'noone',
      subgroup_creation_level: 'maintainer',
      require_two_factor_authentication: true,
      two_factor_grace_period: 12,
    },
  })
})

afterAll(async () => {
  await stopQueueWorker(2000)
  await settings({ bulk_importing_enabled: false, allow_local_requests_from_web_hooks_and_services: false })
})

describe('direct transfer (bulk imports)', () => {
  it('is 404 while bulk_importing_enabled is off, and checks parameters, the source and the destination', async () => {
    expect((await api('GET', '/bulk_imports')).status).toBe(404)
    await settings({ bulk_importing_enabled: true })
    const url = await serverUrl()
    const entity = {
      source_type: 'group_entity',
      source_full_path: source.full_path,
      destination_slug: 'copy',
      destination_namespace: dest.full_path,
    }
    expect(
      (
        await api('POST', '/bulk_imports', {
          json: { configuration: { url, access_token: ROOT_TOKEN }, entities: [{ ...entity, source_type: 'wiki' }] },
        })
      ).body,
    ).toEqual({
      error: 'entities[0][source_type] does not have a valid value',
    })
    expect(
      (
        await api('POST', '/bulk_imports', {
          json: {
            configuration: { url, access_token: ROOT_TOKEN },
            entities: [{ ...entity, source_full_path: `${url}/${source.full_path}` }],
          },
        })
      ).status,
    ).toBe(400)
    // Loopback targets are refused until the setting allows local requests.
    const local = await api('POST', '/bulk_imports', {
      json: { configuration: { url, access_token: ROOT_TOKEN }, entities: [entity] },
    })
    expect(local.status).toBe(422)
    // GitLab's UrlBlocker words: 127.0.0.1 is one of this machine's own addresses.
    expect(local.body.message).toMatch(/Requests to (localhost|loopback addresses) are not allowed/)
    await settings({ allow_local_requests_from_web_hooks_and_services: true })
    expect(
      (
        await api('POST', '/bulk_imports', {
          json: { configuration: { url, access_token: 'glpat-wrong' }, entities: [entity] },
        })
      ).body,
    ).toEqual({
      message: "Import failed. Personal access token does not have the required 'api' scope or is no longer valid.",
    })
    expect(
      (
        await api('POST', '/bulk_imports', {
          json: {
            configuration: { url, access_token: ROOT_TOKEN },
            entities: [{ ...entity, source_full_path: 'nope/nope' }],
          },
        })
      ).status,
    ).toBe(422)
    expect(
      (
        await api('POST', '/bulk_imports', {
          json: {
            configuration: { url, access_token: ROOT_TOKEN },
            entities: [{ ...entity, destination_slug: source.full_path.split('/').pop(), destination_namespace: '' }],
          },
        })
      ).body,
    ).toEqual({ message: `Import failed. '${source.full_path}' already exists. Change the destination and try again.` })
    const outsider = await createUser()
    expect(
      (
        await api('POST', '/bulk_imports', {
          token: outsider.token,
          json: { configuration: { url, access_token: ROOT_TOKEN }, entities: [entity] },
        })
      ).body,
    ).toEqual({
      message: `Import failed. Destination '${dest.full_path}' is invalid, or you don't have permission.`,
    })
  })

  it('lists the groups the token owns at the source for the console', async () => {
    const url = await serverUrl()
    const res = await api('POST', '/bulk_imports/source_groups', {
      json: { configuration: { url, access_token: ROOT_TOKEN }, search: source.full_path },
    })
    expect(res.status).toBe(200)
    expect(res.body.groups.map((g: { full_path: string }) => g.full_path)).toContain(source.full_path)
    expect(
      (
        await api('POST', '/bulk_imports/source_groups', {
          json: { configuration: { url, access_token: 'glpat-bad' } },
        })
      ).status,
    ).toBe(422)
  })

  it('migrates a group tree with projects, members, protected branches, schedules and snippets', async () => {
    const url = await serverUrl()
    const started = await api('POST', '/bulk_imports', {
      json: {
        configuration: { url, access_token: ROOT_TOKEN },
        entities: [
          {
            source_type: 'group_entity',
            source_full_path: source.full_path,
            destination_slug: 'copy',
            destination_namespace: dest.full_path,
          },
        ],
      },
    })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    expect(started.body).toMatchObject({
      id: expect.any(Number),
      status: 'created',
      source_type: 'gitlab',
      source_url: url,
      has_failures: false,
    })
    const done = await until(
      'migration finished',
      async () => (await api('GET', `/bulk_imports/${started.body.id}`)).body,
      (m) => ['finished', 'failed'].includes(m.status),
    )
    expect(done.status).toBe('finished')
    const entities = (await api('GET', `/bulk_imports/${started.body.id}/entities`, { query: { sort: 'asc' } })).body
    expect(
      entities
        .map(
          (e: { entity_type: string; destination_full_path: string; status: string }) =>
            `${e.entity_type}:${e.destination_full_path}:${e.status}`,
        )
        .sort(),
    ).toEqual(
      [
        `group:${dest.full_path}/copy:finished`,
        `group:${dest.full_path}/copy/${entities.find((e: { source_full_path: string }) => e.source_full_path.endsWith('/sub') || e.source_full_path.includes('sub-'))?.destination_slug}:finished`,
        `project:${dest.full_path}/copy/app:finished`,
        `project:${dest.full_path}/copy/${entities.find((e: { entity_type: string; destination_slug: string }) => e.entity_type === 'group' && e.destination_slug !== 'copy')?.destination_slug}/lib:finished`,
      ].sort(),
    )
    expect(entities.every((e: { failures: unknown[] }) => e.failures.length === 0)).toBe(true)
    const one = await api('GET', `/bulk_imports/${started.body.id}/entities/${entities[0].id}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({
      id: entities[0].id,
      bulk_import_id: started.body.id,
      has_failures: false,
      failures: [],
    })
    const failures = await api('GET', `/bulk_imports/${started.body.id}/entities/${entities[0].id}/failures`)
    expect(failures.status).toBe(200)
    expect(failures.body).toEqual([])
    expect(
      (await api('GET', '/bulk_imports', { query: { status: 'finished', per_page: 100 } })).body.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(started.body.id)
    expect(
      (await api('GET', '/bulk_imports/entities', { query: { per_page: 100 } })).body.filter(
        (e: { bulk_import_id: number }) => e.bulk_import_id === started.body.id,
      ),
    ).toHaveLength(entities.length)

    const copy = `${dest.full_path}/copy`
    const app = (await api('GET', `/projects/${encodeURIComponent(`${copy}/app`)}`)).body
    expect(app).toMatchObject({ description: 'the app' })
    expect(
      (await api('GET', `/projects/${app.id}/protected_branches`)).body.map((b: { name: string }) => b.name),
    ).toEqual(['main'])
    expect((await api('GET', `/projects/${app.id}/pipeline_schedules`)).body).toEqual([
      expect.objectContaining({
        description: 'nightly',
        active: false,
        owner: expect.objectContaining({ username: 'root' }),
      }),
    ])
    expect((await api('GET', `/projects/${app.id}/snippets`)).body).toEqual([
      expect.objectContaining({ title: 'howto', file_name: 'howto.md' }),
    ])
    expect(
      (await api('GET', `/projects/${app.id}/repository/files/.gitlab-ci.yml/raw`, { query: { ref: 'main' } })).text,
    ).toBe(CI_CONFIG)
    expect((await api('GET', `/groups/${encodeURIComponent(copy)}`)).body).toMatchObject({
      project_creation_level: 'noone',
      subgroup_creation_level: 'maintainer',
      require_two_factor_authentication: true,
      two_factor_grace_period: 12,
    })
    const appEntity = entities.find(
      (e: { entity_type: string; destination_slug: string }) =>
        e.entity_type === 'project' && e.destination_slug === 'app',
    )
    expect(appEntity.stats.ci_config).toEqual({ source: 1, fetched: 1, imported: 1 })
    const members = (await api('GET', `/groups/${encodeURIComponent(copy)}/members`)).body
    expect(members.map((m: { username: string }) => m.username)).toContain(member.username)

    // Another user does not see this migration; cancel answers 200 with the migration.
    const stranger = await createUser()
    expect((await api('GET', `/bulk_imports/${started.body.id}`, { token: stranger.token })).body).toEqual({
      message: '404 Not found',
    })
    const canceled = await api('POST', `/bulk_imports/${started.body.id}/cancel`)
    expect(canceled.status).toBe(200)
    expect(canceled.body.status).toBe('canceled')
  })

  it(
    'works from python-gitlab: group.exports, gl.groups.import_group and POST /bulk_imports',
    { timeout: 120_000 },
    async () => {
      const url = await serverUrl()
      const script = path.join(import.meta.dirname, '..', 'clients', 'python_gitlab_migrations.py')
      const newPath = unique('py-imported')
      const { stdout } = await promisify(execFile)(
        '/usr/bin/python3',
        [script, url, ROOT_TOKEN, String(source.id), newPath, source.full_path, dest.full_path],
        {
          timeout: 100_000,
        },
      ).catch((e: unknown) => {
        throw new Error(
          `python_gitlab_migrations.py failed (python3-gitlab installed? .ci/run installs it):\n${(e as { stderr?: string; message: string }).stderr || (e as Error).message}`,
        )
      })
      const out = JSON.parse(stdout)
      expect(out.warnings).toEqual([])
      expect(out.export_bytes).toBeGreaterThan(100)
      expect(out.import).toEqual({ message: '202 Accepted' })
      expect(out.migration.status).toBe('created')
      expect(out.listed).toContain(out.migration.id)
      await until(
        'python migration finished',
        async () => (await api('GET', `/bulk_imports/${out.migration.id}`)).body.status,
        (s) => s === 'finished',
      )
      expect((await api('GET', `/groups/${encodeURIComponent(`${dest.full_path}/py-copy`)}`)).status).toBe(200)
      await until(
        'python import finished',
        async () => (await api('GET', `/groups/${newPath}/subgroups`)).body,
        (b) => Array.isArray(b) && b.length === 1,
      )
    },
  )
})
