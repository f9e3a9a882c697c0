// DNS rebinding and redirects against real sockets, loopback only (issue 31 A1): a UDP DNS stub
// answers a name first with 127.0.0.2 (allowlisted) and then with 127.0.0.1 (not); two HTTP
// servers on the same port, one per address, count their connections. The request must resolve
// once and connect to the address it checked: 0 connections reach 127.0.0.1.
import { createSocket, type Socket } from 'node:dgram'
import { Resolver as DnsResolver } from 'node:dns/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseAllowlist } from './address'
import { humanSize, outboundRequest, readBody, type OutboundPolicy, type Resolver } from './request'

/** A DNS server answering every A question with the next address of `answers` (the last one repeats). */
function dnsStub(answers: string[]) {
  const socket: Socket = createSocket('udp4')
  const state = { queries: 0, answers }
  socket.on('message', (msg, peer) => {
    // Header (12 bytes), then the question: labels up to a zero byte, QTYPE, QCLASS.
    let end = 12
    while (msg[end] !== 0) end += msg[end]! + 1
    const question = msg.subarray(12, end + 5)
    const ip = state.answers[Math.min(state.queries, state.answers.length - 1)]!
    state.queries++
    const header = Buffer.alloc(12)
    msg.copy(header, 0, 0, 2) // id
    header.writeUInt16BE(0x8180, 2) // response, recursion desired and available, no error
    header.writeUInt16BE(1, 4) // one question
    header.writeUInt16BE(1, 6) // one answer
    const answer = Buffer.concat([
      Buffer.from([0xc0, 0x0c]), // the name: a pointer to the question's
      Buffer.from([0, 1, 0, 1]), // A, IN
      Buffer.from([0, 0, 0, 0]), // TTL 0: nothing may cache it
      Buffer.from([0, 4, ...ip.split('.').map(Number)]),
    ])
    socket.send(Buffer.concat([header, question, answer]), peer.port, peer.address)
  })
  return {
    state,
    listen: () => new Promise<number>((ok) => socket.bind(0, '127.0.0.1', () => ok(socket.address().port))),
    close: () => new Promise<void>((ok) => socket.close(() => ok())),
  }
}

function countingServer(host: string, port: number, label: string) {
  const state = { connections: 0 }
  const server: Server = createServer((req, res) => {
    const port = req.socket.localPort
    if (req.url === '/to-loopback') {
      res.writeHead(302, { Location: `http://127.0.0.1:${port}/` }).end()
      return
    }
    if (req.url === '/to-mapped') {
      res.writeHead(307, { Location: `http://[::ffff:127.0.0.1]:${port}/` }).end()
      return
    }
    if (req.url === '/big') {
      res.end(Buffer.alloc(64 * 1024, 'x'))
      return
    }
    res.end(label)
  })
  server.on('connection', () => state.connections++)
  return {
    state,
    listen: () =>
      new Promise<number>((ok) => server.listen(port, host, () => ok((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

const dns = dnsStub(['127.0.0.2', '127.0.0.1'])
let port = 0
let allowed: ReturnType<typeof countingServer>
let loopback: ReturnType<typeof countingServer>
let resolve: Resolver

const policy = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowLocal: false,
  allowlist: parseAllowlist(['127.0.0.2']),
  rebindingProtection: true,
  denyAllExceptAllowed: false,
  ...over,
})

beforeAll(async () => {
  const dnsPort = await dns.listen()
  const resolver = new DnsResolver({ timeout: 2000, tries: 1 })
  resolver.setServers([`127.0.0.1:${dnsPort}`])
  resolve = (host) => resolver.resolve4(host)
  // The same port on both addresses, so that only the address decides which server answers.
  const first = countingServer('127.0.0.2', 0, 'allowed')
  port = await first.listen()
  allowed = first
  loopback = countingServer('127.0.0.1', port, 'loopback')
  await loopback.listen()
})

afterAll(async () => {
  await Promise.all([dns.close(), allowed.close(), loopback.close()])
})

beforeEach(() => {
  dns.state.queries = 0
  allowed.state.connections = 0
  loopback.state.connections = 0
})

describe('outbound requests', () => {
  it('resolves once and connects to the checked address: a rebinding answer never reaches 127.0.0.1', async () => {
    const res = await outboundRequest(`http://rebind.test:${port}/`, { policy: policy(), resolve })
    expect((await readBody(res, 1024)).toString()).toBe('allowed')
    expect(dns.state.queries).toBe(1)
    expect(allowed.state.connections).toBe(1)
    expect(loopback.state.connections).toBe(0)
    // The next request asks DNS again and now gets 127.0.0.1: refused before any connection.
    await expect(outboundRequest(`http://rebind.test:${port}/`, { policy: policy(), resolve })).rejects.toThrow(
      /localhost|loopback/,
    )
    expect(loopback.state.connections).toBe(0)
    console.log(
      `DNS rebinding: ${loopback.state.connections} connections reached 127.0.0.1 (${dns.state.queries} DNS answers, ${allowed.state.connections} to the allowed address)`,
    )
  })

  it('with dns_rebinding_protection_enabled off, connects by name as GitLab does (and the second answer wins)', async () => {
    // The control for the test above: the same stub and servers do show rebinding when nothing pins the address.
    const res = await outboundRequest(`http://rebind.test:${port}/`, {
      policy: policy({ rebindingProtection: false }),
      resolve,
    })
    expect((await readBody(res, 1024)).toString()).toBe('loopback')
    expect(dns.state.queries).toBe(2)
    expect(loopback.state.connections).toBe(1)
  })

  it('checks every redirect hop', async () => {
    await expect(
      outboundRequest(`http://127.0.0.2:${port}/to-loopback`, { policy: policy(), resolve }),
    ).rejects.toThrow(/localhost|loopback/)
    await expect(outboundRequest(`http://127.0.0.2:${port}/to-mapped`, { policy: policy(), resolve })).rejects.toThrow(
      /localhost|loopback/,
    )
    expect(allowed.state.connections).toBe(2)
    expect(loopback.state.connections).toBe(0)
    // Allowed hops are followed, up to the cap.
    const followed = await outboundRequest(`http://127.0.0.2:${port}/to-loopback`, {
      policy: policy({ allowLocal: true }),
      resolve,
    })
    expect((await readBody(followed, 1024)).toString()).toBe('loopback')
    await expect(
      outboundRequest(`http://127.0.0.2:${port}/to-loopback`, {
        policy: policy({ allowLocal: true }),
        resolve,
        maxRedirects: 0,
      }),
    ).rejects.toThrow('Too many redirects')
  })

  it('reads an answer up to its cap and no further', async () => {
    const res = await outboundRequest(`http://127.0.0.2:${port}/big`, { policy: policy(), resolve })
    await expect(readBody(res, 1024)).rejects.toThrow(`exceeds limit of ${humanSize(1024)}`)
    expect(humanSize(1)).toBe('1 Byte')
    expect(humanSize(1024 * 1024)).toBe('1 MB')
    expect(humanSize(5 * 1024 * 1024 * 1024)).toBe('5 GB')
    expect(humanSize(1536)).toBe('1.5 KB')
  })
})
