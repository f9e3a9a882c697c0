import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Outcome } from '../api/dispatch'
import { webRequest, type ApiRequest } from '../api/request'
import { apiListener } from './node-bridge'

let server: Server
let base: string
const seen: { req: ApiRequest; text: string }[] = []

beforeAll(async () => {
  const handle = async (req: ApiRequest): Promise<Outcome> => {
    const path = new URL(req.url).pathname
    if (path === '/limited') {
      const read = await req.readBody!(8)
      return {
        status: read === 'too-large' ? 413 : 200,
        headers: { connection: 'close' },
        body: read === 'too-large' ? read : Buffer.from(read).toString(),
      }
    }
    seen.push({
      req,
      text: path === '/read' ? Buffer.from((await req.readBody!(1024)) as Uint8Array).toString() : await req.text(),
    })
    if (path === '/cookie')
      return new Response('web', { status: 201, headers: { 'Set-Cookie': 'a=1', 'X-Web': 'yes' } })
    if (path === '/fail') throw new Error('boom')
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zoë', token: req.headers.get('PRIVATE-TOKEN'), accept: req.headers.get('accept') }),
    }
  }
  server = createServer(apiListener(handle, 'http://origin.test', () => {}))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

describe('apiListener', () => {
  it('answers a bodyless request from node headers, without a Web Request', async () => {
    const res = await fetch(`${base}/api/v4/x?a=%2F`, {
      headers: { 'Private-Token': 'glpat-x', Accept: 'application/json' },
    })
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(JSON.parse(text)).toEqual({ name: 'Zoë', token: 'glpat-x', accept: 'application/json' })
    // The UTF-8 length, not the string's.
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    const { req } = seen.at(-1)!
    expect(req instanceof Request).toBe(false)
    expect(req.url).toBe('http://origin.test/api/v4/x?a=%2F')
    expect(req.body).toBeNull()
    expect(req.headers.has('private-token')).toBe(true)
    expect(req.headers.get('sudo')).toBeNull()
    // The rare code that needs a Web Request gets the same request.
    const web = webRequest(req)
    expect(web.headers.get('private-token')).toBe('glpat-x')
    expect(web.method).toBe('GET')
  })

  it('reads a body from node without a Web Request, and gives one to code that asks', async () => {
    const res = await fetch(`${base}/read`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
    expect(res.status).toBe(200)
    expect(seen.at(-1)!.text).toBe('{"a":1}')
    expect(seen.at(-1)!.req instanceof Request).toBe(false)
    await fetch(`${base}/api/v4/x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"b":2}',
    })
    const { req, text } = seen.at(-1)!
    expect(text).toBe('{"b":2}')
    expect(webRequest(req).method).toBe('POST')
  })

  it('stops reading a body at its limit', async () => {
    const within = await fetch(`${base}/limited`, { method: 'POST', body: '12345678' })
    expect([within.status, await within.text()]).toEqual([200, '12345678'])
    // Streamed in chunks, without a Content-Length: the limit holds while it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('12345'))
        c.enqueue(new TextEncoder().encode('67890'))
        c.close()
      },
    })
    // @ts-expect-error Node's fetch needs duplex for streamed bodies; the DOM typings lack it
    const past = await fetch(`${base}/limited`, { method: 'POST', body: stream, duplex: 'half' })
    expect([past.status, await past.text()]).toEqual([413, 'too-large'])
  })

  it('treats a DELETE without a body as bodyless', async () => {
    await fetch(`${base}/api/v4/x`, { method: 'DELETE' })
    const { req, text } = seen.at(-1)!
    expect(req.method).toBe('DELETE')
    expect(req.body).toBeNull()
    expect(text).toBe('')
  })

  it('writes a Response outcome with its cookies and headers', async () => {
    const res = await fetch(`${base}/cookie`)
    expect(res.status).toBe(201)
    expect(res.headers.getSetCookie()).toEqual(['a=1'])
    expect(res.headers.get('x-web')).toBe('yes')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe('web')
  })

  it('answers 500 with GitLab’s body when the handler throws', async () => {
    const res = await fetch(`${base}/fail`)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ message: '500 Internal Server Error' })
  })
})
