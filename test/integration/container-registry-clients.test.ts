// The container registry's API through python-gitlab, over a real registry: repositories and tags
// listed and read, one tag deleted and the rest in bulk, as the client expects.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { serverUrl } from '../setup/server'
import { push, registryHost, repoId as projectRepoId, tagNames as projectTagNames, type User } from '../registry/api'
import { api, CLIENTS, createGroup, createUser, ROOT_TOKEN, runClient, unique, until } from '../helpers'

process.env.REGISTRY_NOTIFICATION_SECRET = 'registry-notification-secret'
resetConfig()

let maintainer: User
let group: { id: number; full_path: string }
let project: { id: number; path_with_namespace: string }

beforeAll(async () => {
  startQueueWorker({ pollMs: 50 })
  maintainer = await createUser()
  group = await createGroup()
  const res = await api('POST', '/projects', {
    json: { name: unique('reg'), namespace_id: group.id, visibility: 'private' },
  })
  expect(res.status).toBe(201)
  project = res.body
  expect(
    (await api('POST', `/projects/${project.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } }))
      .status,
  ).toBe(201)
})
afterAll(async () => {
  await stopQueueWorker()
})

const repoPath = () => project.path_with_namespace.toLowerCase()
const repoId = (name = '') => projectRepoId(project.id, name)
const tagNames = (id: number) => projectTagNames(project.id, id)

describe('python-gitlab', () => {
  it('lists repositories and tags, reads a tag, deletes one and in bulk, unchanged', { timeout: 90_000 }, async () => {
    const path_ = `${repoPath()}/py`
    await push(maintainer, path_, ['keep-me', 'gone-1'], { seed: 'py-keep' })
    for (let i = 1; i <= 3; i++)
      await push(maintainer, path_, [`old-${i}`], { created: new Date(Date.now() - (10 - i) * 24 * 3600_000) })
    const id = await repoId('py')
    await until(
      'pushed tags',
      () => tagNames(id),
      (n) => n.length === 5,
    )
    const out = await runClient('python3-gitlab', '/usr/bin/python3', [
      path.join(CLIENTS, 'python_gitlab_registry.py'),
      await serverUrl(),
      ROOT_TOKEN,
      String(project.id),
      String(group.id),
    ])
    expect(out.repositories).toContainEqual({ id, name: 'py', path: path_, location: `${registryHost()}/${path_}` })
    expect(out.tags).toEqual(['gone-1', 'keep-me', 'old-1', 'old-2', 'old-3'])
    expect(out.tag).toMatchObject({
      name: 'keep-me',
      digest: expect.stringMatching(/^sha256:/),
      short_revision: expect.stringMatching(/^[0-9a-f]{9}$/),
    })
    expect(out.single).toEqual({ id, tags_count: 5 })
    expect(out.group_repository_ids).toContain(id)
    expect(out.after_single_delete).toEqual(['keep-me', 'old-1', 'old-2', 'old-3'])
    expect(out.second_bulk).toMatchObject({ code: 400, message: expect.stringContaining('at most once an hour') })
    // keep_n 1 keeps the newest of the old-* images
    await until(
      'bulk deletion',
      () => tagNames(id),
      (n) => n.length === 2,
    )
    expect(await tagNames(id)).toEqual(['keep-me', 'old-3'])
  })
})
