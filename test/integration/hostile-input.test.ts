// Bodies shaped to hurt the server before it knows who is calling (issue 31, A8): each is a 400 in
// GitLab's shape, never a 500, and the server keeps answering afterwards.
import { describe, expect, it } from 'vitest'
import { api } from '../helpers'

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('deeply nested parameters', () => {
  it('refuses JSON nested 100,000 deep with GitLab 400, before authentication', async () => {
    for (const token of [null, 'glpat-not-a-real-token-000000']) {
      const res = await api('POST', '/groups', { token, body: deepJson(100_000), headers: { 'Content-Type': 'application/json' } })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toEqual({ error: 'Parameters nested too deeply' })
    }
    const arrays = await api('PUT', '/application/settings', { body: `{"x":${deepArray(100_000)}}`, headers: { 'Content-Type': 'application/json' } })
    expect(arrays.status).toBe(400)
    expect(arrays.body).toEqual({ error: 'Parameters nested too deeply' })
    // Still serving.
    expect((await api('GET', '/user')).status).toBe(200)
  })

  it("takes GitLab's limit: 32 levels pass the depth check, 33 do not", async () => {
    // Depth 32 reaches the endpoint (which then finds no valid name); 33 stops at the limit.
    const ok = await api('POST', '/groups', { body: deepJson(32), headers: { 'Content-Type': 'application/json' } })
    expect(ok.status).toBe(400)
    expect(ok.body).toEqual({ error: 'name is missing, path is missing' })
    const deep = await api('POST', '/groups', { body: deepJson(33), headers: { 'Content-Type': 'application/json' } })
    expect(deep.status).toBe(400)
    expect(deep.body).toEqual({ error: 'Parameters nested too deeply' })
    // Brackets inside strings are not nesting.
    const strings = await api('POST', '/groups', { json: { name: '['.repeat(100), path: '{'.repeat(100), description: '"\\"[{' } })
    expect(strings.status).toBe(400)
    expect(strings.body).not.toEqual({ error: 'Parameters nested too deeply' })
  })

  it('refuses a form key a[b][c]… nested 100,000 deep with 400', async () => {
    const key = `a${'[b]'.repeat(100_000)}`
    for (const token of [null, 'glpat-not-a-real-token-000000']) {
      const res = await api('POST', '/groups', {
        token,
        body: `${encodeURIComponent(key)}=1`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
    }
    const unencoded = await api('POST', '/groups', { body: `${key}=1`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(unencoded.status).toBe(400)
    expect(unencoded.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
  })

  it('refuses multipart field names nested 100,000 deep with 400', async () => {
    const form = new FormData()
    form.append(`a${'[b]'.repeat(100_000)}`, '1')
    const req = new Request('http://x/', { method: 'POST', body: form })
    const res = await api('POST', '/groups', { body: await req.text(), headers: { 'Content-Type': req.headers.get('content-type')! } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
  })
})
