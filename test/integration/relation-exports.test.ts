// The source side of direct transfer: POST …/export_relations queues the export on the durable
// queue, status reports GitLab's numbers, download serves gzipped NDJSON (JSON for `self`).
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { api, createGroup, createUser, unique } from '../helpers'
import { serverUrl } from '../setup/server'

type User = Awaited<ReturnType<typeof createUser>>
let group: { id: number; path: string }
let project: number
let owner: User
let maintainer: User

beforeAll(async () => {
  startQueueWorker({ pollMs: 50, concurrency: 2 })
  ;[owner, maintainer] = await Promise.all([createUser(), createUser()])
  group = await createGroup({ name: unique('Export') })
  await api('POST', `/groups/${group.id}/members`, { json: { user_id: owner.id, access_level: 50 } })
  await api('POST', `/groups/${group.id}/members`, {
    json: { user_id: maintainer.id, access_level: 40, expires_at: '2099-01-01' },
  })
  project = (
    await api('POST', '/projects', {
      json: { name: unique('exp'), namespace_id: group.id, initialize_with_readme: true },
    })
  ).body.id
  await api('POST', `/projects/${project}/protected_branches`, {
    json: { name: 'release/*', push_access_level: 40, merge_access_level: 30 },
  })
  await api('POST', `/projects/${project}/pipeline_schedules`, {
    json: { description: 'nightly', ref: 'main', cron: '0 1 * * *' },
  })
  await api('POST', `/projects/${project}/snippets`, {
    json: { title: 'notes', visibility: 'private', files: [{ file_path: 'a.txt', content: 'hello' }] },
  })
})

afterAll(async () => {
  await stopQueueWorker(2000)
})

async function download(path: string, token: string) {
  const res = await fetch(`${await serverUrl()}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': token } })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

async function finished(base: string, token: string) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const s = (await api('GET', `${base}/status`, { token })).body as { relation: string; status: number }[]
    if (s.length && s.every((r) => r.status === 1)) return s
    if (Date.now() > deadline) throw new Error(`export did not finish: ${JSON.stringify(s)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('relations export', () => {
  it("exports a group's relations for its Owner only", async () => {
    const base = `/groups/${group.id}/export_relations`
    expect((await api('POST', base, { token: maintainer.token })).status).toBe(403)
    const started = await api('POST', base, { token: owner.token, json: { batched: false } })
    expect(started.status).toBe(202)
    expect(started.body).toEqual({ message: '202 Accepted' })
    const statuses = await finished(base, owner.token)
    expect(statuses.map((s) => s.relation).sort()).toEqual([
      'badges',
      'boards',
      'labels',
      'members',
      'milestones',
      'self',
    ])
    expect(statuses[0]).toEqual({
      relation: expect.any(String),
      status: 1,
      error: null,
      updated_at: expect.stringMatching(/Z$/),
      batched: false,
      batches_count: 0,
      batches: [],
      total_objects_count: expect.any(Number),
    })
    const one = (await api('GET', `${base}/status`, { token: owner.token, query: { relation: 'labels' } })).body
    expect(one).toEqual([expect.objectContaining({ relation: 'labels', status: 1, total_objects_count: 0 })])

    const self = await download(`${base}/download?relation=self`, owner.token)
    expect(self.status).toBe(200)
    expect(self.headers.get('content-disposition')).toBe('attachment; filename="self.json.gz"')
    expect(JSON.parse(gunzipSync(self.body).toString())).toMatchObject({
      name: expect.stringContaining('Export'),
      path: group.path,
      visibility_level: 0,
    })
    const members = gunzipSync((await download(`${base}/download?relation=members`, owner.token)).body)
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ access_level: 50, user: expect.objectContaining({ username: owner.username }) }),
        expect.objectContaining({
          access_level: 40,
          expires_at: '2099-01-01',
          user: expect.objectContaining({ username: maintainer.username, public_email: null }),
        }),
      ]),
    )
    expect(gunzipSync((await download(`${base}/download?relation=labels`, owner.token)).body).toString()).toBe('')
    expect((await api('GET', `${base}/download`, { token: owner.token, query: { relation: 'nope' } })).body).toEqual({
      message: '404 Not found',
    })
    expect((await api('GET', `${base}/download`, { token: owner.token })).body).toEqual({
      error: 'relation is missing',
    })
  })

  it("exports a project's protected branches, schedules and snippets for Maintainers", async () => {
    const base = `/projects/${project}/export_relations`
    expect((await api('POST', base, { token: maintainer.token })).status).toBe(202)
    await finished(base, maintainer.token)
    const lines = async (relation: string) =>
      gunzipSync((await download(`${base}/download?relation=${relation}`, maintainer.token)).body)
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    expect(await lines('protected_branches')).toEqual([
      expect.objectContaining({
        name: 'release/*',
        push_access_levels: [expect.objectContaining({ access_level: 40 })],
        merge_access_levels: [expect.objectContaining({ access_level: 30 })],
      }),
    ])
    expect(await lines('pipeline_schedules')).toEqual([
      expect.objectContaining({ description: 'nightly', ref: 'refs/heads/main', cron: '0 1 * * *' }),
    ])
    expect(await lines('snippets')).toEqual([
      expect.objectContaining({ title: 'notes', file_name: 'a.txt', content: 'hello' }),
    ])
    const self = JSON.parse(
      gunzipSync((await download(`${base}/download?relation=self`, maintainer.token)).body).toString(),
    )
    expect(self).toMatchObject({ default_branch: 'main', visibility_level: 0 })
  })
})
