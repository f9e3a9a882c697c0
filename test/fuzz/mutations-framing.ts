// Fuzz families that break a valid request's framing (issue 34 §1): deep nesting, prototype keys,
// wrong content types, bodies past the limit or cut short, raw sockets, cross-cutting parameters.
import { fc } from '@fast-check/vitest'
import type { Family } from './mutations-values'
import { BOUNDARY, encode, encodings, flatten, formOf, multipartOf } from './valid-requests'

/** Deep nesting: bracket keys far past Rack's limit, JSON 100,000 deep. */
export const nesting: Family = (op, parts) => {
  const key = (depth: number) => `a${'[b]'.repeat(depth)}`
  return fc.oneof(
    fc.constantFrom(10, 200, 600).map((d) => {
      const r = encode(op, parts, 'query', 'nesting')
      return { ...r, target: `${r.target}${r.target.includes('?') ? '&' : '?'}${key(d)}=1&c${'[]'.repeat(d)}=2` }
    }),
    fc.constantFrom(33, 1000, 100_000).map((d) => ({
      ...encode(op, parts, 'json', 'nesting'),
      headers: { 'Content-Type': 'application/json' },
      body: `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`,
    })),
    fc.constantFrom(1000, 100_000).map((d) => ({
      ...encode(op, parts, 'json', 'nesting'),
      headers: { 'Content-Type': 'application/json' },
      body: `${'['.repeat(d)}${']'.repeat(d)}`,
    })),
    fc.constantFrom(50, 20_000).map((d) => ({
      ...encode(op, parts, 'form', 'nesting'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${key(d)}=1`,
    })),
  )
}

/** `__proto__`, `constructor` and `prototype` keys in every encoding. */
export const proto: Family = (op, parts) =>
  fc.oneof(
    fc.constant({
      ...encode(op, parts, 'json', 'proto'),
      headers: { 'Content-Type': 'application/json' },
      body: `{"__proto__":{"admin":true,"isAdmin":true},"constructor":{"prototype":{"admin":true}},${JSON.stringify(parts.body ?? {}).slice(1)}`,
    }),
    fc.constantFrom('json', 'form', 'query', 'multipart').map((enc) => {
      const r = encode(op, parts, enc, 'proto')
      const extra =
        '__proto__[admin]=true&constructor[prototype][admin]=true&prototype=1&a[__proto__][b]=1&toString=1&hasOwnProperty=1'
      if (enc === 'query' || enc === 'json')
        return { ...r, target: `${r.target}${r.target.includes('?') ? '&' : '?'}${extra}` }
      if (enc === 'form') return { ...r, body: r.body ? `${r.body}&${extra}` : extra }
      return {
        ...r,
        body: multipartOf([
          ...flatten(parts.body ?? {}),
          ['__proto__[admin]', 'true'],
          ['constructor[prototype][admin]', 'true'],
        ]),
      }
    }),
  )

/** Wrong content types: JSON as form, form as JSON, multipart without a boundary or cut short, top-level non-objects. */
export const contentType: Family = (op, parts) => {
  const json = JSON.stringify(parts.body ?? {})
  const form = formOf(parts.body ?? {}).join('&')
  const r = encode(op, parts, 'query', 'content-type')
  return fc
    .constantFrom<[string, string]>(
      ['application/x-www-form-urlencoded', json],
      ['application/json', form || 'a=1'],
      ['multipart/form-data', multipartOf(flatten(parts.body ?? { a: '1' }))],
      [`multipart/form-data; boundary=${BOUNDARY}`, multipartOf(flatten(parts.body ?? { a: '1' })).slice(0, -12)],
      [
        `multipart/form-data; boundary=${BOUNDARY}`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated`,
      ],
      ['multipart/form-data; boundary=', '--\r\n'],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="file"; filename="../../canary.txt"\r\nContent-Type: application/octet-stream\r\n\r\nabc\r\n--x--\r\n`,
      ],
      ['application/json', '[1,2]'],
      ['application/json', '"str"'],
      ['application/json', 'null'],
      ['application/json', '{"a":'],
      ['application/json', ''],
      ['application/json; charset=iso-8859-1', json],
      ['text/plain', json],
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', '%%%&=&a=%E0%A4%A'],
    )
    .map(([type, body]) => ({ ...r, headers: { 'Content-Type': type }, body }))
}

/** Bodies past the limit (10 MiB; 64 KiB before credentials are known) and cut off mid-stream. */
export const size: Family = (op, parts) => {
  const r = encode(op, parts, 'json', 'size')
  return fc.oneof(
    fc.constant({
      ...r,
      headers: { 'Content-Type': 'application/json' },
      body: `{"a":"${'x'.repeat(1024 * 1024 - 10)}"}`,
      repeat: 11,
    }),
    fc.constant({
      ...r,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a='.concat('x'.repeat(70_000)),
    }),
    fc.constantFrom(0, 10, 500).map((cutAfter) => ({
      ...r,
      headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' },
      body: JSON.stringify({ ...(parts.body ?? {}), pad: 'x'.repeat(1000) }),
      socket: { cutAfter },
    })),
    fc.constant({
      ...r,
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: `5\r\n{"a":\r\n`,
      socket: { cutAfter: 12 },
    }),
  )
}

/** What fetch refuses to send: malformed request lines and headers, lying framing. */
export const socket: Family = (op, parts) => {
  const r = encode(op, parts, 'query', 'socket')
  const target = r.target
  const heads = [
    `${op.method} ${target.replace('/api/v4', '/api/v4/./')} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target.replace(/\/[^/?]+(\?|$)/, '/../$1')} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target}/ with space HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target}\u00e9\u00ff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `${op.method} http://127.0.0.1${target} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target} HTTP/1.0\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nPRIVATE-TOKEN: {user_token}\u0000\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nPRIVATE-TOKEN: \u00ff\u00fe\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{}`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
    `FOO ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    `${op.method} ${target} HTTP/1.1\r\nHost: x\r\nSudo: root\r\nPRIVATE-TOKEN: {user_token}\r\nConnection: close\r\n\r\n`,
  ]
  return fc.constantFrom(...heads).map((rawHead) => ({ ...r, socket: { rawHead } }))
}

/** The parameters every route takes besides its own: sudo, keyset pagination, page bounds, tokens as parameters. */
const CROSS_CUTTING: [string, string][] = [
  ['sudo', 'root'],
  ['sudo', '{username}'],
  ['sudo', 'nobody'],
  ['sudo', '-1'],
  ['pagination', 'keyset'],
  ['pagination', 'keyset&order_by=id&sort=desc&id_after=-1'],
  ['page', '-1'],
  ['page', '2147483648'],
  ['per_page', '0'],
  ['per_page', '100000'],
  ['private_token', 'glpat-not-a-token'],
  ['private_token', '{user_token}'],
  ['access_token', ''],
  ['job_token', 'x'],
]
export const crossCutting: Family = (op, parts) =>
  fc.tuple(fc.subarray(CROSS_CUTTING, { minLength: 1, maxLength: 3 }), encodings(op)).map(([extra, enc]) => {
    const r = encode(op, parts, enc, 'cross-cutting')
    const query = extra.map(([k, v]) => `${k}=${v}`).join('&')
    return { ...r, target: `${r.target}${r.target.includes('?') ? '&' : '?'}${query}` }
  })
