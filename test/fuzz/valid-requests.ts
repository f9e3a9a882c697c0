// A valid request of one operation, drawn from the document's declared shapes, and its encodings
// (query, JSON, Rack's form nesting, multipart): what every fuzz family starts from (issue 34 §1).
import { fc } from '@fast-check/vitest'
import type { Operation } from './operations'
import { arbitraryOf, objectOf, type JsonSchema } from './schema-arbitrary'
import type { FuzzRequest } from './send'

/** A valid request before it is encoded: path segments (encoded, with placeholders), query and body values. */
export interface Parts {
  segments: Record<string, string>
  query: Record<string, unknown>
  body: Record<string, unknown> | undefined
}

const FIXTURE_IDS: Record<string, string[]> = {
  projects: ['{project}', '{project_path}', '{group_project}', '{root_project}'],
  groups: ['{group}', '{group_path}', '{root_group}'],
  users: ['{user}', '{root}'],
}

/** A path parameter's valid value: the fixtures' ids and paths where the name says what it is. */
function segmentOf(op: Operation, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const resource = /^\/(\w+)\//.exec(op.template)?.[1] ?? ''
  if (name === 'id' && FIXTURE_IDS[resource]) return fc.constantFrom(...FIXTURE_IDS[resource])
  if (name === 'user_id') return fc.constantFrom('{user}', '{root}')
  if (name === 'group_id') return fc.constantFrom('{group}', '{root_group}')
  if (name === 'issue_iid') return fc.constantFrom('{issue_iid}', '1', '2')
  if (name === 'epic_iid') return fc.constantFrom('{epic_iid}', '1')
  if (name === 'file_path') return fc.constantFrom('README.md', 'docs%2Fa.md', '.gitlab-ci.yml')
  if (name === 'branch' || name === 'ref') return fc.constantFrom('main', 'feature', 'v1')
  return arbitraryOf(schema).map((v) => encodeURIComponent(typeof v === 'string' ? v || 'x' : JSON.stringify(v)))
}

export function validParts(op: Operation): fc.Arbitrary<Parts> {
  const segments: Record<string, fc.Arbitrary<string>> = {}
  for (const p of op.pathParams) segments[p.name] = segmentOf(op, p.name, p.schema)
  return fc.record({
    segments: fc.record(segments),
    query: objectOf(op.query),
    body: op.body ? objectOf(op.body) : fc.constant(undefined),
  })
}

/** Rack's form nesting: `a[]=1`, `h[k]=v`, `arr[][k]=v`. */
export function flatten(value: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = []
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${k}]` : k
    if (Array.isArray(v)) {
      for (const x of v) {
        if (x !== null && typeof x === 'object') pairs.push(...flatten(x as Record<string, unknown>, `${key}[]`))
        else pairs.push([`${key}[]`, x === null ? '' : String(x)])
      }
    } else if (v !== null && typeof v === 'object') pairs.push(...flatten(v as Record<string, unknown>, key))
    else pairs.push([key, typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v)])
  }
  return pairs
}

export const formOf = (value: Record<string, unknown>) =>
  flatten(value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)

function pathOf(op: Operation, segments: Record<string, string>): string {
  const path = op.template.replace(/\{(\w+)\}/g, (_m, name: string) => segments[name] ?? 'x')
  return op.outside ? path : `/api/v4${path}`
}

function targetOf(op: Operation, segments: Record<string, string>, query: string[]): string {
  return `${pathOf(op, segments)}${query.length ? `?${query.join('&')}` : ''}`
}

export const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW'
export function multipartOf(pairs: [string, string][], boundary = BOUNDARY): string {
  return `${pairs.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')}--${boundary}--\r\n`
}

export type Encoding = 'json' | 'form' | 'multipart' | 'query'
export const encodings = (op: Operation): fc.Arbitrary<Encoding> =>
  op.method === 'GET' || op.method === 'HEAD' || !op.body
    ? fc.constant('query')
    : fc.constantFrom<Encoding>('json', 'json', 'form', 'multipart', 'query')

/** The request `parts` describe, encoded one way. */
export function encode(op: Operation, parts: Parts, encoding: Encoding, family: string): Omit<FuzzRequest, 'actor'> {
  const base = { op: op.key, family, method: op.method }
  const params = { ...parts.query, ...(parts.body ?? {}) }
  if (encoding === 'query') return { ...base, target: targetOf(op, parts.segments, formOf(params)) }
  const target = targetOf(op, parts.segments, formOf(parts.query))
  const body = parts.body ?? {}
  if (encoding === 'json')
    return { ...base, target, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
  if (encoding === 'form')
    return {
      ...base,
      target,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formOf(body).join('&'),
    }
  return {
    ...base,
    target,
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipartOf(flatten(body)),
  }
}
