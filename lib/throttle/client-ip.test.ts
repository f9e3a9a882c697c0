import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '../config'
import {
  banExempt,
  clientAddress,
  CONSOLE_CLIENT_HEADER,
  consoleClientAddress,
  markConsoleClient,
  normalizeIp,
} from './client-ip'

afterEach(() => {
  delete process.env.TRUSTED_PROXIES
  delete process.env.AUTH_BAN_ALLOWLIST
  resetConfig()
})

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('::ffff:10.1.2.3', '198.51.100.1')).toBe('10.1.2.3')
    expect(clientAddress('2001:DB8::1', null)).toBe('2001:db8::1')
    expect(clientAddress(null, '198.51.100.1')).toBeNull()
  })

  it('behind trusted proxies, is the rightmost untrusted X-Forwarded-For entry', () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/8 ::1'
    resetConfig()
    expect(clientAddress('10.0.0.5', 'forged, 198.51.100.7, 10.2.3.4')).toBe('198.51.100.7')
    expect(clientAddress('::1', '[2001:db8::9]')).toBe('2001:db8::9')
    // All hops trusted: the leftmost; a peer that is not a proxy: itself.
    expect(clientAddress('10.0.0.5', '10.9.9.9, 10.0.0.7')).toBe('10.9.9.9')
    expect(clientAddress('192.0.2.1', '198.51.100.7')).toBe('192.0.2.1')
    expect(clientAddress('10.0.0.5', 'garbage')).toBe('10.0.0.5')
  })

  it('refuses a malformed TRUSTED_PROXIES entry at configuration time', async () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/33'
    resetConfig()
    const { config } = await import('../config')
    expect(() => config()).toThrow('TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR range')
  })

  it('exempts the allowlist (loopback by default) from the ban', () => {
    expect(banExempt('127.0.0.1')).toBe(true)
    expect(banExempt('::1')).toBe(true)
    expect(banExempt('198.51.100.1')).toBe(false)
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1')
  })
})

describe('markConsoleClient', () => {
  const request = (peer: string, raw: string[]) => {
    const headers: Record<string, string> = {}
    for (let i = 0; i < raw.length; i += 2) headers[raw[i]!.toLowerCase()] = raw[i + 1]!
    return {
      headers: headers as Record<string, string | string[] | undefined>,
      rawHeaders: [...raw],
      socket: { remoteAddress: peer },
    }
  }

  it('replaces an address the client sent with the one the socket (or a trusted proxy) gives', () => {
    const req = request('::ffff:198.51.100.4', ['Host', 'x', 'X-Console-Client-Address', '203.0.113.9'])
    markConsoleClient(req)
    expect(req.headers[CONSOLE_CLIENT_HEADER]).toBe('198.51.100.4')
    expect(req.rawHeaders).toEqual(['Host', 'x', CONSOLE_CLIENT_HEADER, '198.51.100.4'])
    expect(consoleClientAddress(req.headers[CONSOLE_CLIENT_HEADER])).toBe('198.51.100.4')
    process.env.TRUSTED_PROXIES = '10.0.0.0/8'
    resetConfig()
    const proxied = request('10.0.0.5', ['X-Forwarded-For', '203.0.113.7', 'x-console-client-address', '192.0.2.1'])
    markConsoleClient(proxied)
    expect(proxied.headers[CONSOLE_CLIENT_HEADER]).toBe('203.0.113.7')
    expect(proxied.rawHeaders.filter((h) => h.toLowerCase() === CONSOLE_CLIENT_HEADER)).toHaveLength(1)
  })

  it('leaves no address when the peer is unknown, and reads none that is not an IP', () => {
    const req = request('', ['X-Console-Client-Address', '203.0.113.9'])
    markConsoleClient(req)
    expect(req.headers[CONSOLE_CLIENT_HEADER]).toBeUndefined()
    expect(req.rawHeaders).toEqual([])
    expect(consoleClientAddress('not-an-ip')).toBeNull()
  })
})
