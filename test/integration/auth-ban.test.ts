// The failed-authentication ban (issue 31, A7): bad credentials from one address are counted and,
// past AUTH_BAN_MAX_RETRY within AUTH_BAN_FIND_TIME, the address gets 429 with Retry-After for
// everything, even a valid token. Addresses are forwarded by a trusted proxy (TRUSTED_PROXIES) so
// that each test bans an address of its own, never the loopback address other files share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { api } from '../helpers'

const BAD = 'glpat-bad-token-for-the-ban-test-00'
// Each test bans an address no other test of this run uses: a ban lasts an hour on a server the
// whole run shares, so two tests drawing the same address would see each other's ban.
const drawn = new Set<string>()
const randomIp = (): string => {
  for (;;) {
    const n = Math.floor(Math.random() * 0x1_0000)
    const ip = `198.18.${n >> 8}.${n & 0xff}`
    if (!drawn.has(ip)) {
      drawn.add(ip)
      return ip
    }
  }
}
const from = (ip: string, token?: string | null) => api('GET', '/user', { token, headers: { 'X-Forwarded-For': ip } })

beforeAll(() => {
  process.env.TRUSTED_PROXIES = '127.0.0.1,::1'
  process.env.AUTH_BAN_MAX_RETRY = '3'
  // Failures are counted in windows aligned to the clock (Rack::Attack's Allow2Ban): with the
  // default 60 s, a test's three failures could straddle a window boundary and never ban (seen once
  // in CI: [401, 401, 401]). A year-long window keeps every test's failures in one window.
  process.env.AUTH_BAN_FIND_TIME = String(365 * 24 * 3600)
  resetConfig()
})
afterAll(() => {
  delete process.env.TRUSTED_PROXIES
  delete process.env.AUTH_BAN_MAX_RETRY
  delete process.env.AUTH_BAN_FIND_TIME
  resetConfig()
})

describe('failed-authentication ban', () => {
  it('bans an address after N bad tokens: 429 with Retry-After for every request, valid tokens included', async () => {
    const ip = randomIp()
    const first = await from(ip, BAD)
    expect(first.status).toBe(401)
    expect(first.body).toEqual({ message: '401 Unauthorized' })
    expect((await from(ip, BAD)).status).toBe(401)
    const third = await from(ip, BAD)
    expect(third.status).toBe(429)
    expect(third.headers.get('content-type')).toBe('application/json')
    expect(third.body).toEqual({ message: '429 Too Many Requests' })
    const retryAfter = Number(third.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    // Banned: a right token cannot be told apart from a wrong one, and anonymous reads stop too.
    const valid = await from(ip, undefined)
    expect(valid.status).toBe(429)
    expect(valid.body).toEqual({ message: '429 Too Many Requests' })
    expect(Number(valid.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await api('GET', '/projects', { token: null, headers: { 'X-Forwarded-For': ip } })).status).toBe(429)
    // Another address is not affected.
    expect((await from(randomIp(), undefined)).status).toBe(200)
  })

  it('counts a client-prepended X-Forwarded-For entry for nothing: the address the proxy saw is banned', async () => {
    const ip = randomIp()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await from(`10.0.${i}.1, ${ip}`, BAD)).status)
    expect(statuses).toEqual([401, 401, 429])
    expect((await from(`192.0.2.200, ${ip}`, null)).status).toBe(429)
  })

  it('resets the count on a successful authentication, and never bans an allowlisted address', async () => {
    const ip = randomIp()
    expect((await from(ip, BAD)).status).toBe(401)
    expect((await from(ip, BAD)).status).toBe(401)
    expect((await from(ip, undefined)).status).toBe(200)
    expect((await from(ip, BAD)).status).toBe(401)
    expect((await from(ip, BAD)).status).toBe(401)
    // Loopback (AUTH_BAN_ALLOWLIST's default, GitLab's ip_whitelist) is never banned.
    const loopback = []
    for (let i = 0; i < 5; i++) loopback.push((await api('GET', '/user', { token: BAD })).status)
    expect(loopback).toEqual([401, 401, 401, 401, 401])
  })

  it('counts bad tokens sent to /api/graphql and refuses a banned address there too', async () => {
    const { serverUrl } = await import('../setup/server')
    const ip = randomIp()
    const gql = async (token: string) => {
      const res = await fetch(`${await serverUrl()}/api/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
        body: JSON.stringify({ query: '{ currentUser { username } }' }),
      })
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown }
    }
    expect(await gql(BAD)).toEqual({ status: 401, retryAfter: null, body: { errors: [{ message: 'Invalid token' }] } })
    expect((await gql(BAD)).status).toBe(401)
    const banned = await gql(BAD)
    expect(banned.status).toBe(429)
    expect(banned.body).toEqual({ errors: [{ message: '429 Too Many Requests' }] })
    expect(Number(banned.retryAfter)).toBeGreaterThan(0)
    expect((await from(ip)).status).toBe(429)
  })

  it('counts bad credentials at the registry token server (/jwt/auth), as GitLab does', async () => {
    const { serverUrl } = await import('../setup/server')
    const ip = randomIp()
    const jwt = async (password: string) => {
      const res = await fetch(`${await serverUrl()}/jwt/auth?service=container_registry&scope=repository:x/y:pull`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`root:${password}`).toString('base64')}`,
          'X-Forwarded-For': ip,
        },
      })
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown }
    }
    expect((await jwt('wrong-password')).status).toBe(401)
    expect((await jwt('wrong-password')).status).toBe(401)
    const banned = await jwt('wrong-password')
    expect(banned.status).toBe(429)
    expect(banned.body).toEqual({ message: '429 Too Many Requests' })
    expect(Number(banned.retryAfter)).toBeGreaterThan(0)
    expect((await jwt('integration-root-password')).status).toBe(429)
    expect((await from(ip)).status).toBe(429)
  })
})
