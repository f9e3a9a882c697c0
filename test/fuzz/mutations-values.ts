// Fuzz families that break a valid request's values (issue 34 §1): wrong types and bounds, NUL,
// bad Unicode and escapes, traversal in ids and file paths.
import { fc } from '@fast-check/vitest'
import type { Operation } from './operations'
import type { FuzzRequest } from './send'
import { encode, encodings, type Parts } from './valid-requests'

/** A family: from a valid request of `op`, requests that break one thing of it. */
export type Family = (op: Operation, parts: Parts) => fc.Arbitrary<Omit<FuzzRequest, 'actor'>>

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
export const typesAndBounds: Family = (op, parts) =>
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
export const nul: Family = (op, parts) =>
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
export const unicode: Family = (op, parts) => {
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
export const traversal: Family = (op, parts) =>
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
