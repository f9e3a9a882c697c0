// Rate limits hold across processes (issue 34 §4): two API processes as `npm start` runs them, on the
// test database (SQLite, or PostgreSQL in the second pass), each request on a new connection so the
// cluster spreads them over both. Exactly the limit succeeds per period across the two, then 429 with
// Retry-After and GitLab's RateLimit-* headers; the failed-authentication ban counts failures from
// both and bans in both.
import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { startApiCluster, stopProcess } from '../listening'
import { api, createUser } from '../helpers'

const PROCESSES = 2
const BAN_AFTER = 5
let child: ChildProcess
let port = 0

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request on a connection of its own, through a trusted proxy naming `client`. */
function send(apiPath: string, opts: { token?: string; client: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'X-Forwarded-For': opts.client }
    if (opts.token) headers['PRIVATE-TOKEN'] = opts.token
    const req = request({ host: '127.0.0.1', port, path: `/api/v4${apiPath}`, agent: false, headers }, (res) => {
      let body = ''
      res.on('data', (d) => (body += String(d)))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

// A client address no other request of this run uses (a random pick collided once in CI elsewhere).
let nextAddress = Math.floor(Math.random() * 200)
const address = () => `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`
// Periods no other test uses: a throttle's counter is keyed by its window, and root's requests here
// must not count against another file's limit of the same period (effects.test.ts uses 60 and 3600).
const settings = (json: Record<string, unknown>) => api('PUT', '/application/settings', { json })

beforeAll(async () => {
  port = await freePort()
  const cluster = await startApiCluster({
    WEB_CONCURRENCY: String(PROCESSES),
    PORT: String(port),
    LOG_LEVEL: 'fatal',
    TRUSTED_PROXIES: '127.0.0.0/8,::1',
    AUTH_BAN_MAX_RETRY: String(BAN_AFTER),
    AUTH_BAN_FIND_TIME: '3600',
    SCHEDULER_ENABLED: 'false',
  })
  child = cluster.child
  const out = cluster.output()
  expect(out).toContain(`(${PROCESSES} API processes;`)
}, 120_000)

afterAll(async () => {
  const r = await settings({ throttle_authenticated_api_enabled: false, throttle_unauthenticated_api_enabled: false })
  await stopProcess(child)
  expect(r.status, r.text).toBe(200)
})

/**
 * Sends `n` requests at once and returns their answers. A period that turned over in the middle
 * (a fixed window's edge: the answers' RateLimit-Reset differ) is tried again with a new budget.
 */
async function burst(n: number, one: () => Promise<Answer>): Promise<Answer[]> {
  for (let attempt = 0; ; attempt++) {
    const answers = await Promise.all(Array.from({ length: n }, one))
    const resets = new Set(answers.map((a) => a.headers['ratelimit-reset']).filter(Boolean))
    if (resets.size <= 1 || attempt === 2) return answers
  }
}

describe(`rate limits across ${PROCESSES} processes`, () => {
  it('let exactly the limit through per period for an authenticated user, then 429 with GitLab headers', async () => {
    const limit = 12
    expect(
      (
        await settings({
          throttle_authenticated_api_enabled: true,
          throttle_authenticated_api_requests_per_period: limit,
          throttle_authenticated_api_period_in_seconds: 7200,
        })
      ).status,
    ).toBe(200)
    const u = await createUser()
    const client = address()
    const answers = await burst(3 * limit, () => send('/user', { token: u.token, client }))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(2 * limit)
    for (const r of refused) {
      expect(r.body).toBe('Retry later\n')
      expect(r.headers['ratelimit-name']).toBe('throttle_authenticated_api')
      expect(r.headers['ratelimit-remaining']).toBe('0')
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(r.headers['ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000)
    }
    // Observed counts are one sequence across both processes: limit + 1 … 3 × limit, each once.
    expect(refused.map((r) => Number(r.headers['ratelimit-observed'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 2 * limit }, (_, i) => limit + 1 + i),
    )
    expect((await settings({ throttle_authenticated_api_enabled: false })).status).toBe(200)
  })

  it('let exactly the limit through per period for an unauthenticated address', async () => {
    const limit = 8
    expect(
      (
        await settings({
          throttle_unauthenticated_api_enabled: true,
          throttle_unauthenticated_api_requests_per_period: limit,
          throttle_unauthenticated_api_period_in_seconds: 5400,
        })
      ).status,
    ).toBe(200)
    const client = address()
    const answers = await burst(3 * limit, () => send('/projects', { client }))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(2 * limit)
    for (const r of refused) expect(r.headers['ratelimit-name']).toBe('throttle_unauthenticated_api')
    // Another address has a budget of its own.
    expect((await send('/projects', { client: address() })).status).toBe(200)
    expect((await settings({ throttle_unauthenticated_api_enabled: false })).status).toBe(200)
  })

  it('ban an address after AUTH_BAN_MAX_RETRY failed authentications counted in both processes', async () => {
    const client = address()
    const u = await createUser()
    const answers = await Promise.all(
      Array.from({ length: 4 * BAN_AFTER }, () => send('/user', { token: 'glpat-not-a-real-token-0000', client })),
    )
    // Every answer is the bad token's 401 or the ban's 429, and at most BAN_AFTER failures were counted before the ban.
    expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([])
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(BAN_AFTER)
    // Banned in every process: a good token from that address is refused on fresh connections too.
    const after = await Promise.all(Array.from({ length: 6 }, () => send('/user', { token: u.token, client })))
    expect(after.map((a) => a.status)).toEqual(Array.from({ length: 6 }, () => 429))
    expect(JSON.parse(after[0]!.body)).toEqual({ message: '429 Too Many Requests' })
    expect(Number(after[0]!.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not banned.
    expect((await send('/user', { token: u.token, client: address() })).status).toBe(200)
  })
})
