// snippet_size_limit is instance-wide: changing it runs here, apart from the parallel suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'

let project: number
let dev: Awaited<ReturnType<typeof createUser>>
const base = () => `/projects/${project}/snippets`

beforeAll(async () => {
  project = (await api('POST', '/projects', { json: { name: unique('snip-size') } })).body.id
  dev = await createUser()
  await api('POST', `/projects/${project}/members`, { json: { user_id: dev.id, access_level: 30 } })
})

describe('project snippets: size limit', () => {
  afterAll(async () => {
    await api('PUT', '/application/settings', { json: { snippet_size_limit: 52428800 } })
  })

  it("refuses content over snippet_size_limit with GitLab's message", async () => {
    expect((await api('PUT', '/application/settings', { json: { snippet_size_limit: 2048 } })).status).toBe(200)
    const big = await api('POST', base(), {
      token: dev.token,
      json: {
        title: 'Big',
        files: [
          { file_path: 'a', content: 'x'.repeat(1500) },
          { file_path: 'b', content: 'y'.repeat(1500) },
        ],
      },
    })
    expect(big.status).toBe(400)
    expect(big.body).toEqual({ message: { error: 'Content is too long (2.93 KB). The maximum size is 2 KB.' } })
    const ok = await api('POST', base(), {
      token: dev.token,
      json: { title: 'Fits', files: [{ file_path: 'a', content: 'x'.repeat(1500) }] },
    })
    expect(ok.status).toBe(201)
    const grow = await api('PUT', `${base()}/${ok.body.id}`, {
      token: dev.token,
      json: { files: [{ action: 'create', file_path: 'b', content: 'y'.repeat(1000) }] },
    })
    expect(grow.status).toBe(400)
    expect(grow.body.message.error).toMatch(/^Content is too long/)
  })
})
