// Bodies shaped to hurt the server before it knows who is calling (issue 31, A8): each is a 400 in
// GitLab's shape, never a 500, and the server keeps answering afterwards.
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { api, ROOT_TOKEN } from '../helpers'
import { serverUrl } from '../setup/server'

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('deeply nested parameters', () => {
  it('refuses JSON nested 100,000 deep with GitLab 400, never 500', async () => {
    const res = await api('POST', '/groups', {
      body: deepJson(100_000),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.body).toEqual({ error: 'Parameters nested too deeply' })
    const arrays = await api('PUT', '/application/settings', {
      body: `{"x":${deepArray(100_000)}}`,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(arrays.status).toBe(400)
    expect(arrays.body).toEqual({ error: 'Parameters nested too deeply' })
    // Without valid credentials the body (≈ 500 KB) is not even read: 413 past 64 KiB, a bad token's 401.
    expect(
      (
        await api('POST', '/groups', {
          token: null,
          body: deepJson(100_000),
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(413)
    expect(
      (
        await api('POST', '/groups', {
          token: 'glpat-not-a-real-token-000000',
          body: deepJson(100_000),
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(401)
    // Within 64 KiB, an anonymous deep body gets the same 400.
    const small = await api('POST', '/groups', {
      token: null,
      body: deepJson(10_000),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(small.status).toBe(400)
    expect(small.body).toEqual({ error: 'Parameters nested too deeply' })
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
    const strings = await api('POST', '/groups', {
      json: { name: '['.repeat(100), path: '{'.repeat(100), description: '"\\"[{' },
    })
    expect(strings.status).toBe(400)
    expect(strings.body).not.toEqual({ error: 'Parameters nested too deeply' })
  })

  it('refuses a form key a[b][c]… nested 100,000 deep with 400', async () => {
    const key = `a${'[b]'.repeat(100_000)}`
    const res = await api('POST', '/groups', {
      body: `${encodeURIComponent(key)}=1`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
    const unencoded = await api('POST', '/groups', {
      body: `${key}=1`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(unencoded.status).toBe(400)
    expect(unencoded.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
    const anonymous = await api('POST', '/groups', {
      token: null,
      body: `a${'[b]'.repeat(10_000)}=1`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(anonymous.status).toBe(400)
    expect(anonymous.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
  })

  it('refuses multipart field names nested 100,000 deep with 400', async () => {
    const form = new FormData()
    form.append(`a${'[b]'.repeat(100_000)}`, '1')
    const req = new Request('http://x/', { method: 'POST', body: form })
    const res = await api('POST', '/groups', {
      body: await req.text(),
      headers: { 'Content-Type': req.headers.get('content-type')! },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: '400 Bad request - Invalid parameter nesting' })
  })
})

interface Streamed {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** Bytes the client had written when the answer arrived. */
  sentBeforeAnswer: number
}

/**
 * Streams `total` bytes of `chunk`-sized pieces (chunked, no Content-Length unless given) and
 * resolves with the answer as soon as it arrives, without waiting to finish sending.
 */
async function stream(
  path: string,
  opts: { headers: Record<string, string>; head?: string; total: number; fill?: string; tail?: string },
): Promise<Streamed> {
  const url = new URL(path, await serverUrl())
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = request(url, { method: 'POST', headers: opts.headers })
    req.on('response', (res) => {
      answered = true
      const at = sent
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBeforeAnswer: at })
      })
    })
    req.on('error', (err) => {
      if (!answered) reject(err)
    })
    const piece = Buffer.alloc(64 * 1024, opts.fill ?? 'a')
    const pump = () => {
      if (sent === 0 && opts.head) {
        req.write(opts.head)
        sent += opts.head.length
      }
      while (!answered && sent < opts.total) {
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      if (!answered && sent >= opts.total) req.end(opts.tail ?? '')
    }
    pump()
  })
}

describe('body limits while streaming (issue 31, A2)', () => {
  const json = { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': ROOT_TOKEN }

  it('stops a chunked JSON body at 10 MiB with 413, answering before the client has sent it all', async () => {
    const res = await stream('/api/v4/groups', {
      headers: json,
      head: '{"name":"big","path":"big","description":"',
      tail: '"}',
      total: 40 * 1024 * 1024,
    })
    expect(res.status).toBe(413)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers.connection).toBe('close')
    expect(JSON.parse(res.body)).toEqual({ message: '413 Request Entity Too Large' })
    expect(res.sentBeforeAnswer).toBeLessThan(30 * 1024 * 1024)
    expect((await api('GET', '/user')).status).toBe(200)
  })

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const res = await stream('/api/v4/groups', {
      headers: { ...json, 'Content-Length': String(11 * 1024 * 1024) },
      total: 0,
    })
    expect(res.status).toBe(413)
    expect(res.sentBeforeAnswer).toBe(0)
    expect(JSON.parse(res.body)).toEqual({ message: '413 Request Entity Too Large' })
  })

  it('gives a request without credentials 64 KiB on a route that needs them, and a bad token its 401 before the body', async () => {
    const anonymous = await stream('/api/v4/groups', {
      headers: { 'Content-Type': 'application/json' },
      head: '{"description":"',
      tail: '"}',
      total: 16 * 1024 * 1024,
    })
    expect(anonymous.status).toBe(413)
    expect(JSON.parse(anonymous.body)).toEqual({ message: '413 Request Entity Too Large' })
    expect(anonymous.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024)
    const badToken = await stream('/api/v4/groups', {
      headers: { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': 'glpat-not-valid-0000000000' },
      head: '{"description":"',
      tail: '"}',
      total: 1024 * 1024,
    })
    expect(badToken.status).toBe(401)
    expect(JSON.parse(badToken.body)).toEqual({ message: '401 Unauthorized' })
    // The same size with a valid token reaches the endpoint (whose own validation answers).
    const valid = await stream('/api/v4/groups', {
      headers: json,
      head: '{"description":"',
      tail: '"}',
      total: 1024 * 1024,
    })
    expect(valid.status).toBe(400)
    expect(JSON.parse(valid.body)).toEqual({ error: 'name is missing, path is missing' })
    // Small bodies without credentials still get GitLab's 401.
    expect((await api('POST', '/groups', { token: null, json: { name: 'x', path: 'x' } })).status).toBe(401)
  })

  it('caps multipart uploads without credentials too, and GraphQL bodies at 1 MiB', async () => {
    const boundary = 'xxBOUNDARYxx'
    const multipart = await stream('/api/v4/groups/import', {
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      head: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
      tail: `\r\n--${boundary}--\r\n`,
      total: 2 * 1024 * 1024,
    })
    expect(multipart.status).toBe(413)
    expect(JSON.parse(multipart.body)).toEqual({ message: '413 Request Entity Too Large' })
    const graphql = await stream('/api/graphql', {
      headers: { 'Content-Type': 'application/json' },
      head: '{"query":"',
      tail: '"}',
      total: 4 * 1024 * 1024,
    })
    expect(graphql.status).toBe(413)
    expect(JSON.parse(graphql.body)).toEqual({ errors: [{ message: 'Query too large' }] })
    expect(graphql.sentBeforeAnswer).toBeLessThan(4 * 1024 * 1024)
  })
})
