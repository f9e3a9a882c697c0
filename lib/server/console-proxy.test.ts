// The API workers' proxy to the console process, against a real upstream on loopback.
import { createServer, request, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleProxy } from './console-proxy'

const servers: Server[] = []
const listen = (server: Server) =>
  new Promise<number>((resolve) => {
    servers.push(server)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })

function call(port: number, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
        let text = ''
        res.on('data', (d) => (text += String(d)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
      })
      req.on('error', reject)
      req.end(body)
    },
  )
}

let upstream = 0
let target: number | undefined
let proxy = 0

beforeAll(async () => {
  upstream = await listen(
    createServer((req, res) => {
      let body = ''
      req.on('data', (d) => (body += String(d)))
      req.on('end', () => {
        res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/'])
        res.setHeader('Content-Type', 'application/json')
        // Written in two pieces: the answer is streamed (chunked), not buffered.
        res.write(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }).slice(0, 5))
        res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }).slice(5))
      })
    }),
  )
  proxy = await listen(createServer((req, res) => void consoleProxy(() => target)(req, res)))
})

afterAll(() => {
  for (const s of servers) s.close()
})

describe('console proxy', () => {
  it('forwards method, path, headers and body, and returns status, every cookie and the streamed body', async () => {
    target = upstream
    const res = await call(proxy, 'POST', '/admin/users?page=2', 'name=x', {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: 'session=s',
      Connection: 'keep-alive',
    })
    expect(res.status).toBe(200)
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    const seen = JSON.parse(res.body) as { method: string; url: string; headers: Record<string, string>; body: string }
    expect(seen).toMatchObject({ method: 'POST', url: '/admin/users?page=2', body: 'name=x' })
    expect(seen.headers).toMatchObject({
      cookie: 'session=s',
      host: `127.0.0.1:${proxy}`,
      'x-forwarded-for': '127.0.0.1',
    })
  })

  it('holds a request until the console is up, and answers 502 when it does not answer', async () => {
    target = undefined
    const held = call(proxy, 'GET', '/admin/held')
    await new Promise((r) => setTimeout(r, 120)) // the console "starts" while the request waits
    target = upstream
    expect(await held).toMatchObject({ status: 200 })
    const closed = await listen(createServer())
    servers.pop()!.close()
    target = closed
    expect((await call(proxy, 'GET', '/admin')).status).toBe(502)
  })
})
