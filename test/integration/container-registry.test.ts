// The container registry over a real docker-registry (started once per run by test/setup/global.ts):
// images pushed through the registry's HTTP API with tokens from /jwt/auth, then read, deleted and
// cleaned up through GitLab's registry API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { getDb } from '../../lib/db'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { pushImage } from '../registry/harness'
import {
  jwt,
  push,
  repoId as projectRepoId,
  registryHost,
  registryUrl,
  tagNames as projectTagNames,
  type User,
} from '../registry/api'
import { api, createGroup, createUser, unique, until } from '../helpers'

const SECRET = 'registry-notification-secret'
process.env.REGISTRY_NOTIFICATION_SECRET = SECRET
resetConfig()

let owner: User
let maintainer: User
let developer: User
let reporter: User
let guest: User
let outsider: User
let group: { id: number; full_path: string }
let project: { id: number; path_with_namespace: string }

async function addMember(projectId: number, user: User, level: number) {
  expect(
    (await api('POST', `/projects/${projectId}/members`, { json: { user_id: user.id, access_level: level } })).status,
  ).toBe(201)
}

beforeAll(async () => {
  startQueueWorker({ pollMs: 50 })
  ;[owner, maintainer, developer, reporter, guest, outsider] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
  ])
  group = await createGroup()
  const res = await api('POST', '/projects', {
    json: { name: unique('reg'), namespace_id: group.id, visibility: 'private' },
  })
  expect(res.status).toBe(201)
  project = res.body
  for (const [u, level] of [
    [owner, 50],
    [maintainer, 40],
    [developer, 30],
    [reporter, 20],
    [guest, 10],
  ] as const)
    await addMember(project.id, u, level)
})
afterAll(async () => {
  await stopQueueWorker()
})

const repoPath = () => project.path_with_namespace.toLowerCase()
const repos = (token?: string) => api('GET', `/projects/${project.id}/registry/repositories`, { token })
const repoId = (name = '') => projectRepoId(project.id, name)
const tagNames = (id: number) => projectTagNames(project.id, id)

describe('registry API over a real registry', () => {
  let pushed: Awaited<ReturnType<typeof push>>
  const created = new Date('2024-05-01T10:00:00Z')

  beforeAll(async () => {
    pushed = await push(developer, repoPath(), ['v1', 'v1-alias', 'latest'], { created })
    // A push grant alone makes a repository row (`tools`, no tags yet).
    expect(
      (await jwt([`repository:${repoPath()}/tools:push`], { login: developer.username, password: developer.token }))
        .status,
    ).toBe(200)
  })

  it('lists the project repositories with GitLab’s fields, tags and tags_count on request', async () => {
    const res = await api('GET', `/projects/${project.id}/registry/repositories`, {
      token: maintainer.token,
      query: { tags: true, tags_count: true },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('2')
    const root = (res.body as { name: string }[]).find((r) => r.name === '')!
    expect(root).toEqual({
      id: expect.any(Number),
      name: '',
      path: repoPath(),
      project_id: project.id,
      location: `${registryHost()}/${repoPath()}`,
      created_at: expect.any(String),
      cleanup_policy_started_at: null,
      status: null,
      tags_count: 3,
      tags: ['latest', 'v1', 'v1-alias'].map((name) => ({
        name,
        path: `${repoPath()}:${name}`,
        location: `${registryHost()}/${repoPath()}:${name}`,
      })),
      delete_api_path: expect.stringMatching(new RegExp(`/api/v4/projects/${project.id}/registry/repositories/\\d+$`)),
    })
    // a reporter reads, without delete_api_path (not an administrator of the registry)
    const rep = await repos(reporter.token)
    expect(rep.status).toBe(200)
    expect(rep.body[0]).not.toHaveProperty('delete_api_path')
  })

  it('a tag’s details come from its manifest and image config', async () => {
    const id = await repoId()
    const res = await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags/v1`, {
      token: reporter.token,
    })
    expect(res.status).toBe(200)
    const revision = pushed.configDigest.replace('sha256:', '')
    expect(res.body).toEqual({
      name: 'v1',
      path: `${repoPath()}:v1`,
      location: `${registryHost()}/${repoPath()}:v1`,
      revision,
      short_revision: revision.slice(0, 9),
      digest: pushed.digest,
      created_at: created.toISOString(),
      total_size: pushed.totalSize,
    })
    const single = await api('GET', `/registry/repositories/${id}`, {
      token: reporter.token,
      query: { tags_count: true },
    })
    expect(single.status).toBe(200)
    expect(single.body).toMatchObject({ id, tags_count: 3 })
  })

  it('answers in GitLab’s order: project access, then the repository, then the tag', async () => {
    const id = await repoId()
    expect((await repos(outsider.token)).body).toEqual({ message: '404 Project Not Found' })
    // a guest sees the private project but not its registry (Reporter+)
    const g = await repos(guest.token)
    expect(g.status).toBe(403)
    expect(g.body).toEqual({ message: '403 Forbidden' })
    const unknownRepo = await api('GET', `/projects/${project.id}/registry/repositories/999999/tags`)
    expect(unknownRepo.status).toBe(404)
    expect(unknownRepo.body).toEqual({ message: '404 Not found' })
    const unknownTag = await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags/nope`)
    expect(unknownTag.status).toBe(404)
    expect(unknownTag.body).toEqual({ message: '404 Tag Not Found' })
    // GitLab authorizes on the repository: an unseen project's is a 403, not a 404.
    expect((await api('GET', `/registry/repositories/${id}`, { token: outsider.token })).body).toEqual({
      message: '403 Forbidden',
    })
    expect((await api('GET', `/registry/repositories/${id}`, { token: guest.token })).status).toBe(403)
  })

  it('pages tags by offset (headers even when empty) and by keyset on name', async () => {
    const id = await repoId()
    const page = await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags`, {
      query: { per_page: 2 },
    })
    expect(page.body.map((t: { name: string }) => t.name)).toEqual(['latest', 'v1'])
    expect(page.headers.get('x-total')).toBe('3')
    expect(page.headers.get('x-next-page')).toBe('2')
    const empty = await api('GET', `/projects/${project.id}/registry/repositories/${await repoId('tools')}/tags`)
    expect(empty.body).toEqual([])
    expect(empty.headers.get('x-total')).toBe('0')
    const k1 = await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags`, {
      query: { pagination: 'keyset', order_by: 'name', sort: 'desc', per_page: 2 },
    })
    expect(k1.body.map((t: { name: string }) => t.name)).toEqual(['v1-alias', 'v1'])
    expect(k1.headers.get('x-total')).toBeNull()
    const next = /<([^>]+)>; rel="next"/.exec(k1.headers.get('link') ?? '')?.[1]
    expect(next).toContain('last=v1')
    const k2 = await fetch(next!, { headers: { 'PRIVATE-TOKEN': (await import('../helpers')).ROOT_TOKEN } })
    expect(((await k2.json()) as { name: string }[]).map((t) => t.name)).toEqual(['latest'])
    expect(k2.headers.get('link')).toBeNull()
  })

  it('deleting one tag spares the other tags of the same image; reporters may not, protected tags are 403', async () => {
    const id = await repoId()
    const url = `/projects/${project.id}/registry/repositories/${id}/tags/v1-alias`
    expect((await api('DELETE', url, { token: reporter.token })).status).toBe(403)
    const res = await api('DELETE', url, { token: developer.token })
    expect(res.status).toBe(200)
    expect(await tagNames(id)).toEqual(['latest', 'v1'])
    const v1 = await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags/v1`)
    expect(v1.body.digest).toBe(pushed.digest)
    // protection: deleting needs Owner for prot-* tags
    await push(developer, repoPath(), ['prot-1'], { seed: 'prot' })
    // Without the registry's notification, a cached tag list is at most 2 s old.
    await until(
      'the pushed tag',
      () => tagNames(id),
      (names) => names.includes('prot-1'),
    )
    expect(
      (
        await api('POST', `/projects/${project.id}/registry/protection/tag/rules`, {
          json: {
            tag_name_pattern: 'prot-.*',
            minimum_access_level_for_push: 'maintainer',
            minimum_access_level_for_delete: 'owner',
          },
        })
      ).status,
    ).toBe(201)
    const denied = await api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags/prot-1`, {
      token: maintainer.token,
    })
    expect(denied.status).toBe(403)
    expect(await tagNames(id)).toContain('prot-1')
  })

  it('checks bulk-deletion parameters with GitLab’s messages; re2 syntax only', async () => {
    const id = await repoId()
    const bulk = (query: Record<string, string>) =>
      api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags`, { token: maintainer.token, query })
    const preview = (query: Record<string, string>) =>
      api('GET', `/projects/${project.id}/registry/repositories/${id}/cleanup_preview`, {
        token: maintainer.token,
        query,
      })
    expect((await bulk({})).body).toEqual({
      error: 'name_regex, name_regex_delete are missing, at least one parameter must be provided',
    })
    expect((await bulk({ name_regex_delete: '.*', keep_n: 'x' })).body).toEqual({ error: 'keep_n is invalid' })
    for (const bad of ['(?=x)', '(a)\\1', '[a-']) {
      const res = await bulk({ name_regex_delete: bad })
      expect(res.status).toBe(400)
      expect(res.body.error).toMatch(/^name_regex_delete is an invalid regexp: /)
    }
    expect((await bulk({ name_regex_delete: '.*', name_regex_keep: '(?<=a)' })).body.error).toMatch(
      /^name_regex_keep is an invalid regexp: /,
    )
    for (const ok of ['(?i)V.*', '[[:alpha:]]+', '\\pL+'])
      expect((await preview({ name_regex_delete: ok })).status, ok).toBe(200)
    // a developer may delete one tag but not in bulk
    expect(
      (
        await api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags`, {
          token: developer.token,
          query: { name_regex_delete: '.*' },
        })
      ).status,
    ).toBe(403)
    // nothing was scheduled by the refusals
    expect((await (await getDb()).containerRepository.findUnique({ where: { id } }))?.cleanupRequestedAt).toBeNull()
  })

  it('a bulk deletion removes exactly the previewed tags, once an hour per repository', async () => {
    const name = 'cleanup'
    const path = `${repoPath()}/${name}`
    const day = 24 * 3600_000
    // b1 oldest … b5 newest, distinct images; latest is never removed; keep-1 matches the keep regex.
    for (let i = 1; i <= 5; i++)
      await push(maintainer, path, [`b${i}`], { created: new Date(Date.now() - (10 - i) * day) })
    await push(maintainer, path, ['latest', 'keep-1', 'other'], { created: new Date(Date.now() - 30 * day) })
    const id = await repoId(name)
    const query = { name_regex_delete: '(b|keep-).*', name_regex_keep: 'keep-.*', keep_n: '2', older_than: '6d' }
    const preview = await api('GET', `/projects/${project.id}/registry/repositories/${id}/cleanup_preview`, {
      token: maintainer.token,
      query,
    })
    expect(preview.status).toBe(200)
    const decided = Object.fromEntries(
      (preview.body.decisions as { name: string; reason: string }[]).map((d) => [d.name, d.reason]),
    )
    // b5, b4 kept by keep_n; b3 (7 days) deleted; b2, b1 deleted; with older_than 6d all of b1–b3 are older.
    expect(decided).toEqual({
      b1: 'delete',
      b2: 'delete',
      b3: 'delete',
      b4: 'keep_n',
      b5: 'keep_n',
      'keep-1': 'keep_regex',
      latest: 'latest',
      other: 'not_matching',
    })
    const doomed = (preview.body.decisions as { name: string; delete: boolean }[])
      .filter((d) => d.delete)
      .map((d) => d.name)
    const res = await api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags`, {
      token: maintainer.token,
      json: query,
    })
    expect(res.status).toBe(202)
    expect(res.body).toBe(202)
    const all = ['b1', 'b2', 'b3', 'b4', 'b5', 'keep-1', 'latest', 'other']
    await until(
      'bulk deletion',
      () => tagNames(id),
      (names) => names.length === all.length - doomed.length,
    )
    expect(await tagNames(id)).toEqual(all.filter((n) => !doomed.includes(n)))
    const status = await until(
      'cleanup task',
      () =>
        api('GET', `/projects/${project.id}/registry/repositories/${id}/cleanup_status`, { token: maintainer.token }),
      (r) => r.body?.status === 'succeeded',
    )
    expect(status.body).toMatchObject({
      kind: 'container_tags_cleanup',
      progress: { done: doomed.length, total: doomed.length },
    })
    const again = await api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags`, {
      token: maintainer.token,
      json: query,
    })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      message:
        'This request has already been made. You can run this at most once an hour for a given container repository',
    })
  })

  it('deleting a repository is 202 and a job removes it (delete_scheduled until then)', async () => {
    const path = `${repoPath()}/doomed`
    await push(maintainer, path, ['one', 'two'], { seed: 'doomed' })
    const id = await repoId('doomed')
    expect(
      (await api('DELETE', `/projects/${project.id}/registry/repositories/${id}`, { token: developer.token })).status,
    ).toBe(403)
    const res = await api('DELETE', `/projects/${project.id}/registry/repositories/${id}`, { token: maintainer.token })
    expect(res.status).toBe(202)
    await until(
      'repository removal',
      () => api('GET', `/registry/repositories/${id}`),
      (r) => r.status === 404,
    )
    const list = await fetch(`${registryUrl()}/v2/${path}/tags/list`, {
      headers: {
        Authorization: `Bearer ${(await jwt([`repository:${path}:pull`], { login: maintainer.username, password: maintainer.token })).body.token}`,
      },
    })
    const body = (await list.json()) as { tags?: string[] | null }
    expect(body.tags ?? []).toEqual([])
  })

  it('the group list covers subgroups’ projects (no tags), Reporter+ of the group', async () => {
    const sub = await createGroup({ parent: group.id })
    const inner = await api('POST', '/projects', {
      json: { name: unique('inner'), namespace_id: sub.id, visibility: 'private' },
    })
    await push(owner, (inner.body.path_with_namespace as string).toLowerCase(), ['x'], { seed: 'inner' }).catch(
      async () => {
        // the owner of the outer project is no member of the inner one: push as root instead
        const res = await jwt([`repository:${(inner.body.path_with_namespace as string).toLowerCase()}:push,pull`], {
          login: 'root',
          password: 'integration-root-password',
        })
        await pushImage(
          registryUrl(),
          res.body.token!,
          (inner.body.path_with_namespace as string).toLowerCase(),
          ['x'],
          { seed: 'inner' },
        )
      },
    )
    const res = await api('GET', `/groups/${group.id}/registry/repositories`, { query: { per_page: 100 } })
    expect(res.status).toBe(200)
    const projects = new Set((res.body as { project_id: number }[]).map((r) => r.project_id))
    expect(projects).toEqual(new Set([project.id, inner.body.id]))
    for (const r of res.body as Record<string, unknown>[]) {
      expect(r).not.toHaveProperty('tags')
      expect(r).not.toHaveProperty('tags_count')
    }
    expect((await api('GET', `/groups/${group.id}/registry/repositories`, { token: outsider.token })).status).toBe(404)
  })

  it('a disabled registry is 403 for everyone, its level shown on the project', async () => {
    const p = await api('POST', '/projects', {
      json: { name: unique('noreg'), container_registry_access_level: 'disabled' },
    })
    expect(p.body.container_registry_access_level).toBe('disabled')
    expect((await api('GET', `/projects/${p.body.id}/registry/repositories`)).status).toBe(403)
  })

  it('takes the registry’s notifications with the shared secret', async () => {
    const events = { events: [{ action: 'push', target: { repository: `${repoPath()}/notified`, tag: 'n1' } }] }
    const headers = { 'Content-Type': 'application/vnd.docker.distribution.events.v1+json' }
    expect(
      (await api('POST', '/container_registry_event/events', { token: null, headers, body: JSON.stringify(events) }))
        .status,
    ).toBe(401)
    const ok = await api('POST', '/container_registry_event/events', {
      token: null,
      headers: { ...headers, Authorization: SECRET },
      body: JSON.stringify(events),
    })
    expect(ok.status).toBe(200)
    expect(await repoId('notified')).toEqual(expect.any(Number))
  })
})
