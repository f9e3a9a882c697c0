// Sends random and malformed params, bodies and encodings to every registered endpoint and asserts
// that none answers 5xx. Seeded, so a failure reproduces. Writes run as a fresh non-admin user
// (they can only touch that user's own resources); reads also run as root and anonymously.
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../../lib/endpoints'
import { createUser, ROOT_TOKEN, unique, api } from '../helpers'
import { serverUrl } from '../setup/server'

function prng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0
    return seed / 2 ** 32
  }
}
const rand = prng(Number(process.env.FUZZ_SEED ?? 20261123))
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!

const SCALARS: unknown[] = [
  '',
  ' ',
  'x',
  '0',
  '-1',
  '1',
  '99999999999999999999',
  '1.5',
  'true',
  'False',
  'null',
  'undefined',
  '%',
  '%E0%A4%A',
  '../..',
  '\u0000',
  '😀',
  'a'.repeat(3000),
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  true,
  false,
  null,
  '2024-13-45',
  '2024-01-01T00:00:00Z',
  'private',
  'public',
  'desc',
  'asc',
  'keyset',
]
const value = (depth = 0): unknown => {
  const r = rand()
  if (depth < 2 && r < 0.1) return [value(depth + 1), value(depth + 1)]
  if (depth < 2 && r < 0.2) return { k: value(depth + 1), [pick(['__proto__', 'constructor', 'a'])]: value(depth + 1) }
  return pick(SCALARS)
}
const segment = (own: string[]) => pick([...own, '0', '-1', '999999', 'abc', 'a%2Fb', '%E0%A4%A', '%00', '1.5', encodeURIComponent('😀'), 'x'.repeat(300)])

function paramsFor(e: (typeof allEndpoints)[number]): Record<string, unknown> {
  const names = Object.keys(e.params.shape)
  const out: Record<string, unknown> = {}
  for (const n of names) if (rand() < 0.6) out[n] = value()
  if (rand() < 0.3) out[`junk_${Math.floor(rand() * 100)}`] = value()
  if (rand() < 0.2) Object.assign(out, { page: pick(SCALARS), per_page: pick(SCALARS), pagination: 'keyset', sudo: pick(['root', '1', 'nobody']) })
  return out
}

function flatten(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = []
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}[${k}]` : k
    if (Array.isArray(v))
      v.forEach((x) => (x !== null && typeof x === 'object' ? pairs.push(...flatten(x as Record<string, unknown>, `${key}[]`)) : pairs.push([`${key}[]`, String(x)])))
    else if (v !== null && typeof v === 'object') pairs.push(...flatten(v as Record<string, unknown>, key))
    else pairs.push([key, String(v)])
  }
  return pairs
}

async function send(method: string, path: string, token: string | null, params: Record<string, unknown>) {
  const base = await serverUrl()
  const headers: Record<string, string> = token ? { 'PRIVATE-TOKEN': token } : {}
  const style = pick(['query', 'json', 'form', 'multipart', 'badjson', 'text'])
  let url = `${base}/api/v4${path}`
  let body: BodyInit | undefined
  const pairs = flatten(params)
  if (method === 'GET' || style === 'query') url += `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
  else if (style === 'json') {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(rand() < 0.1 ? [params] : params)
  } else if (style === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  } else if (style === 'multipart') {
    const form = new FormData()
    for (const [k, v] of pairs) form.append(k, rand() < 0.2 ? new Blob([v]) : v)
    body = form
  } else if (style === 'badjson') {
    headers['Content-Type'] = 'application/json'
    body = pick(['{', '{"a":', 'null', '"str"', '123', '{"a":1}}', '\u0000'])
  } else {
    headers['Content-Type'] = pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])
    body = 'garbage--x\r\n'
  }
  const res = await fetch(url, { method, headers, body, redirect: 'manual' })
  const text = await res.text()
  return { status: res.status, text, url, style }
}

describe('no input produces a 5xx', () => {
  it('survives random requests to every endpoint', async () => {
    const user = await createUser()
    // Resources of the fuzz user, so some requests reach deep into the handlers.
    const group = await api('POST', '/groups', { token: user.token, json: { name: unique('fz'), path: unique('fz') } })
    const project = await api('POST', '/projects', { token: user.token, json: { name: unique('fz'), initialize_with_readme: true } })
    const own = [String(group.body.id), String(project.body.id), encodeURIComponent(project.body.path_with_namespace), String(user.id), 'main']
    const failures: string[] = []
    const rounds = Number(process.env.FUZZ_ROUNDS ?? 12)
    for (const e of allEndpoints) {
      for (let i = 0; i < rounds; i++) {
        const path = e.path.replace(/:(\w+)/g, () => segment(own))
        const token = e.method === 'GET' ? pick([ROOT_TOKEN, user.token, null]) : pick([user.token, user.token, null])
        const r = await send(e.method, path, token, paramsFor(e))
        if (r.status >= 500) failures.push(`${e.method} ${r.url} [${r.style}] → ${r.status} ${r.text.slice(0, 200)}`)
      }
    }
    expect(failures).toEqual([])
  }, 240_000)
})
