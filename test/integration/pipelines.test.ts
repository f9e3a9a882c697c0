import { beforeAll, describe, expect, it } from 'vitest'
import { createPipeline } from '../../lib/pipelines/service'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: { id: number; path_with_namespace: string }
let dev: User
let reporter: User
let guest: User
const ids: number[] = []

beforeAll(async () => {
  project = (await api('POST', '/projects', { json: { name: unique('ci'), initialize_with_readme: true } })).body
  ;[dev, reporter, guest] = await Promise.all([createUser(), createUser(), createUser()])
  for (const [u, level] of [
    [dev, 30],
    [reporter, 20],
    [guest, 10],
  ] as const)
    await api('POST', `/projects/${project.id}/members`, { json: { user_id: u.id, access_level: level } })
  const sha = 'a'.repeat(40)
  ids.push((await createPipeline({ projectId: project.id, ref: 'main', sha, source: 'schedule', userId: dev.id })).id)
  ids.push(
    (await createPipeline({ projectId: project.id, ref: 'v1.0', sha, tag: true, source: 'web', userId: null })).id,
  )
  ids.push(
    (await createPipeline({ projectId: project.id, ref: 'main', sha, source: 'schedule', userId: dev.id, jobs: [] }))
      .id,
  )
})

describe('pipelines', () => {
  it('numbers pipelines per project and lists them newest first with GitLab fields', async () => {
    const list = await api('GET', `/projects/${project.id}/pipelines`, { token: reporter.token })
    expect(list.status).toBe(200)
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([...ids].reverse())
    expect(list.body.map((p: { iid: number }) => p.iid)).toEqual([3, 2, 1])
    expect(list.body[2]).toEqual({
      id: ids[0],
      iid: 1,
      project_id: project.id,
      sha: 'a'.repeat(40),
      ref: 'main',
      status: 'pending',
      source: 'schedule',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      web_url: expect.stringContaining(`/${project.path_with_namespace}/-/pipelines/${ids[0]}`),
    })
    expect(list.body[0].status).toBe('created') // no jobs
  })

  it('filters by source, ref, scope, status and username', async () => {
    const q = async (query: Record<string, string>) =>
      (await api('GET', `/projects/${project.id}/pipelines`, { query })).body.map((p: { id: number }) => p.id)
    expect(await q({ source: 'web' })).toEqual([ids[1]])
    expect(await q({ scope: 'tags' })).toEqual([ids[1]])
    expect(await q({ ref: 'main', sort: 'asc' })).toEqual([ids[0], ids[2]])
    expect(await q({ status: 'created' })).toEqual([ids[2]])
    expect(await q({ username: dev.username, sort: 'asc' })).toEqual([ids[0], ids[2]])
    expect((await api('GET', `/projects/${project.id}/pipelines`, { query: { status: 'bogus' } })).body).toEqual({
      error: 'status does not have a valid value',
    })
  })

  it("shows one pipeline with its user, and 404 for another project's id", async () => {
    const one = await api('GET', `/projects/${project.id}/pipelines/${ids[0]}`)
    expect(one.body).toMatchObject({
      id: ids[0],
      user: { id: dev.id, username: dev.username },
      detailed_status: { group: 'pending' },
      duration: null,
    })
    const other = (await api('POST', '/projects', { json: { name: unique('ci2') } })).body.id
    expect((await api('GET', `/projects/${other}/pipelines/${ids[0]}`)).body).toEqual({ message: '404 Not found' })
  })

  it("lets developers cancel (jobs too), not reporters; guests cannot read a private project's pipelines", async () => {
    expect(
      (await api('POST', `/projects/${project.id}/pipelines/${ids[0]}/cancel`, { token: reporter.token })).status,
    ).toBe(403)
    const canceled = await api('POST', `/projects/${project.id}/pipelines/${ids[0]}/cancel`, { token: dev.token })
    // GitLab's cancel says `status 200` (lib/api/ci/pipelines.rb).
    expect(canceled.status).toBe(200)
    expect(canceled.body.status).toBe('canceled')
    expect(canceled.body.finished_at).toMatch(/Z$/)
    expect((await api('GET', `/projects/${project.id}/pipelines`, { token: guest.token })).status).toBe(403)
  })
})
