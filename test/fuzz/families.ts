// The fuzz's request families, each a named generator over one operation: `valid` draws the
// document's declared shapes; every other family takes such a valid request and breaks one thing
// (issue 34 §1). All values shrink: a failure is reported as the smallest request that still fails.
import { fc } from '@fast-check/vitest'
import type { Operation } from './operations'
import type { ActorName, FuzzRequest } from './send'
import { BOUNDARY, encode, encodings, flatten, formOf, multipartOf, validParts, type Parts } from './valid-requests'

// ---------------------------------------------------------------------------------------------
// Mutations: each family breaks one thing of a valid request

type Family = (op: Operation, parts: Parts) => fc.Arbitrary<Omit<FuzzRequest, 'actor'>>

/** One of the request's parameter names (body, query, or a made-up one when it has none). */
function someParam(op: Operation): fc.Arbitrary<{ where: 'body' | 'query'; name: string }> {
  const body = Object.keys(op.body?.properties ?? {}).map((name) => ({ where: 'body' as const, name }))
  const query = Object.keys(op.query.properties ?? {}).map((name) => ({ where: 'query' as const, name }))
  const all = [...body, ...query]
  return all.length
    ? fc.constantFrom(...all)
    : fc.constant({ where: op.body ? ('body' as const) : ('query' as const), name: 'page' })
}

function withParam(op: Operation, parts: Parts, at: { where: 'body' | 'query'; name: string }, value: unknown): Parts {
  if (at.where === 'body' && op.body) return { ...parts, body: { ...(parts.body ?? {}), [at.name]: value } }
  return { ...parts, query: { ...parts.query, [at.name]: value } }
}

/** One path segment replaced (when the operation has any), else the whole request unchanged. */
function withSegment(op: Operation, parts: Parts, values: fc.Arbitrary<string>): fc.Arbitrary<Parts> {
  if (!op.pathParams.length) return fc.constant(parts)
  return fc
    .tuple(fc.constantFrom(...op.pathParams.map((p) => p.name)), values)
    .map(([name, v]) => ({ ...parts, segments: { ...parts.segments, [name]: v } }))
}

/** Wrong types and bounds: PostgreSQL's `integer` overflows at 2^31 where SQLite's does not. */
export const BAD_SCALARS: unknown[] = [
  -1,
  0,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  '9007199254740993',
  2 ** 63,
  1e308,
  -1e308,
  1.5,
  '1.5',
  '1e3',
  '0x10',
  'abc',
  '',
  ' ',
  '٣',
  true,
  'yes',
  null,
  [],
  [[]],
  {},
  { a: 1 },
  'a'.repeat(5000),
]
const BAD_SEGMENTS = [
  '-1',
  '0',
  '2147483648',
  '2147483647',
  '9007199254740993',
  '99999999999999999999',
  '1.5',
  '1e3',
  'abc',
  '%20',
  '%2B1',
  'true',
  'null',
  'x'.repeat(1000),
]
// Number literals JSON.stringify cannot write (2^53+1 exactly, past double range, -0), put in the JSON text.
const RAW_NUMBERS = [
  '9007199254740993',
  '1e400',
  '-1e400',
  '-0',
  '2147483648',
  '0.0000001e-400',
  '123456789012345678901234567890',
]
const RAW_MARK = '\u0001raw\u0001'
const typesAndBounds: Family = (op, parts) =>
  fc.oneof(
    fc.tuple(someParam(op), fc.constantFrom(...RAW_NUMBERS)).map(([at, literal]) => {
      const r = encode(
        op,
        op.body ? withParam(op, parts, { ...at, where: 'body' }, RAW_MARK) : parts,
        'json',
        'types-bounds',
      )
      return {
        ...r,
        headers: { 'Content-Type': 'application/json' },
        body: (r.body ?? `{"page":${JSON.stringify(RAW_MARK)}}`).replace(JSON.stringify(RAW_MARK), literal),
      }
    }),
    fc
      .tuple(someParam(op), fc.constantFrom(...BAD_SCALARS), encodings(op))
      .map(([at, v, enc]) => encode(op, withParam(op, parts, at, v), enc, 'types-bounds')),
    withSegment(op, parts, fc.constantFrom(...BAD_SEGMENTS)).map((p) => encode(op, p, 'query', 'types-bounds')),
  )

/** `\u0000`: PostgreSQL refuses it, SQLite stores it — both owe GitLab's 400. */
const nul: Family = (op, parts) =>
  fc.oneof(
    fc
      .tuple(someParam(op), fc.constantFrom('\u0000', 'a\u0000b', 'main\u0000.md'), encodings(op))
      .map(([at, v, enc]) => encode(op, withParam(op, parts, at, v), enc, 'nul')),
    withSegment(op, parts, fc.constantFrom('%00', '1%00', 'a%00b')).map((p) => encode(op, p, 'query', 'nul')),
    fc.constant({
      ...encode(op, parts, 'json', 'nul'),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...(parts.body ?? {}), 'k\u0000': 1 }),
    }),
  )

/** Lone surrogates, bad UTF-8 and bad escapes, NFC/NFD twins. */
const unicode: Family = (op, parts) => {
  const at = someParam(op)
  const loneSurrogateJson = at.map((p) => ({
    ...encode(op, parts, 'json', 'unicode'),
    headers: { 'Content-Type': 'application/json' },
    body: `{${JSON.stringify(p.name)}:"a\\ud800b","x":"\\udfff"}`,
  }))
  const badUtf8Body = at.map((p) => ({
    ...encode(op, parts, 'json', 'unicode'),
    headers: { 'Content-Type': 'application/json' },
    body: Buffer.concat([
      Buffer.from(`{${JSON.stringify(p.name)}:"`),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xe0, 0xa4]),
      Buffer.from('"}'),
    ]).toString('base64'),
    bodyEncoding: 'base64' as const,
  }))
  const badEscapes = fc
    .tuple(at, fc.constantFrom('%E0%A4%A', '%FF', '%C0%AF', '%', '%%', '%u0041', '%ED%A0%80'))
    .map(([p, esc]) => {
      const r = encode(op, parts, 'query', 'unicode')
      return { ...r, target: `${r.target}${r.target.includes('?') ? '&' : '?'}${encodeURIComponent(p.name)}=${esc}` }
    })
  const badSegment = withSegment(op, parts, fc.constantFrom('%E0%A4%A', '%FF', '%ED%A0%80', '%C0%AE%C0%AE')).map((p) =>
    encode(op, p, 'query', 'unicode'),
  )
  const odd = fc
    .tuple(at, fc.constantFrom('\u212b', 'A\u030a', '\ufb01', '😀', '\u202eevil', '\ufeffbom'), encodings(op))
    .map(([p, v, enc]) => encode(op, withParam(op, parts, p, v), enc, 'unicode'))
  // The request is sent twice, NFC then NFD (send.ts `twins`): a unique name taken by its twin.
  const twins = fc
    .tuple(at, fc.constantFrom('caf\u00e9', 'r\u00e9sum\u00e9-fuzz', '\u00c5ngstr\u00f6m'), encodings(op))
    .map(([p, v, enc]) => ({ ...encode(op, withParam(op, parts, p, v), enc, 'unicode'), twins: true }))
  return fc.oneof(loneSurrogateJson, badUtf8Body, badEscapes, badSegment, odd, twins)
}

/** Traversal in ids and file paths; `{data_dir}` is the fuzz's DATA_DIR, where the canary lives. */
const TRAVERSALS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fcanary.txt',
  '..%252F..%252Fcanary.txt',
  '....%2F%2F',
  '..',
  '.',
  '{data_dir_encoded}%2Fcanary.txt',
  '..%5C..%5C',
]
const traversal: Family = (op, parts) =>
  fc.oneof(
    withSegment(op, parts, fc.constantFrom(...TRAVERSALS)).map((p) => encode(op, p, 'query', 'traversal')),
    fc
      .tuple(
        someParam(op),
        fc.constantFrom('../../etc/passwd', '../canary.txt', '{data_dir}/canary.txt', '..\\..\\x', 'a/../../b'),
        encodings(op),
      )
      .map(([at, v, enc]) => encode(op, withParam(op, parts, at, v), enc, 'traversal')),
  )

/** Deep nesting: bracket keys far past Rack's limit, JSON 100,000 deep. */
const nesting: Family = (op, parts) => {
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
const proto: Family = (op, parts) =>
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
const contentType: Family = (op, parts) => {
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
const size: Family = (op, parts) => {
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
const socket: Family = (op, parts) => {
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
const crossCutting: Family = (op, parts) =>
  fc.tuple(fc.subarray(CROSS_CUTTING, { minLength: 1, maxLength: 3 }), encodings(op)).map(([extra, enc]) => {
    const r = encode(op, parts, enc, 'cross-cutting')
    const query = extra.map(([k, v]) => `${k}=${v}`).join('&')
    return { ...r, target: `${r.target}${r.target.includes('?') ? '&' : '?'}${query}` }
  })

export const FAMILIES: Record<string, Family | null> = {
  valid: null,
  'types-bounds': typesAndBounds,
  'cross-cutting': crossCutting,
  nul,
  unicode,
  traversal,
  nesting,
  proto,
  'content-type': contentType,
  size,
  socket,
}
export const FAMILY_NAMES = Object.keys(FAMILIES)

// Rarer where a request costs more (11 MiB uploads) or says less (raw sockets).
const WEIGHTS: Record<string, number> = {
  valid: 6,
  'types-bounds': 6,
  'cross-cutting': 2,
  nul: 2,
  unicode: 3,
  traversal: 2,
  nesting: 2,
  proto: 2,
  'content-type': 3,
  size: 1,
  socket: 1,
}

/**
 * Operations an authenticated actor would end the run by: revoking or rotating the token it sends,
 * deleting or blocking the fuzz's user. Reviewed list: they are fuzzed anonymously only.
 */
const RUN_ENDING = [
  /^(DELETE|POST) \/personal_access_tokens\/(self|\{id\})/,
  /^(DELETE|POST) \/users\/\{id\}(\/(block|deactivate))?$/,
  /^PUT \/application\/settings$/,
]
export const runEnding = (op: Operation) => RUN_ENDING.some((r) => r.test(op.key))

function actors(op: Operation, family: string): fc.Arbitrary<ActorName> {
  if (runEnding(op)) return fc.constant('anonymous')
  // Valid requests go as someone, to reach the handlers (the mutations cover anonymous callers);
  // root writes only mutated requests: a valid one could change what the rest of the run sees.
  if (family === 'valid')
    return op.method === 'GET' ? fc.constantFrom<ActorName>('user', 'root') : fc.constant<ActorName>('user')
  return fc.constantFrom<ActorName>('user', 'root', 'anonymous')
}

/** Any request of any family against `op`, valid shapes weighted first. */
export function requestOf(op: Operation, only?: string): fc.Arbitrary<FuzzRequest> {
  const names = only ? [only] : FAMILY_NAMES
  return fc.oneof(
    ...names.map((name) => ({
      weight: WEIGHTS[name] ?? 1,
      arbitrary: validParts(op).chain((parts) => {
        const family = FAMILIES[name]
        const req = family ? family(op, parts) : encodings(op).map((enc) => encode(op, parts, enc, 'valid'))
        return fc.tuple(req, actors(op, name)).map(([r, actor]) => ({ ...r, actor }))
      }),
    })),
  )
}
