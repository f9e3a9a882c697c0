// Request parameters as Grape sees them: query string ∪ body (JSON, urlencoded or multipart),
// body winning over query and path parameters winning over both. Form encodings use Rack's nesting
// rules: `a[]=1&a[]=2`, `h[k]=v`, `arr[][k]=v`, `arr[0][k]=v`.
import { badRequest, tooLarge } from './errors'
import { isNonEmpty, type NonEmpty } from '../util/defined'
import type { ApiRequest } from './request'

export type Params = Record<string, unknown>

/** Uploaded file as it arrives in a multipart body. */
export interface UploadedFile {
  kind: 'file'
  filename: string
  type: string
  size: number
  bytes: () => Promise<Uint8Array>
}

export const isUploadedFile = (v: unknown): v is UploadedFile => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'file'

const MAX_DEPTH = 8
const MAX_JSON_BYTES = 10 * 1024 * 1024

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. Returns null when the key is not well-formed. */
function splitKey(key: string): NonEmpty<string> | null {
  const open = key.indexOf('[')
  if (open <= 0) return [key]
  const parts: NonEmpty<string> = [key.slice(0, open)]
  let rest = key.slice(open)
  while (rest.length) {
    const m = /^\[([^[\]]*)\]/.exec(rest)
    if (!m) {
      // Rack keeps a malformed tail as part of the last name rather than failing.
      parts[parts.length - 1] = parts[parts.length - 1]! + rest
      break
    }
    parts.push(m[1]!)
    rest = rest.slice(m[0].length)
  }
  return parts.length > MAX_DEPTH ? null : parts
}

// Keys that would reach Object.prototype through plain-object assignment.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Adds one `key=value` pair to `target` following Rack's normalize_params. */
export function addNested(target: Params, key: string, value: unknown): void {
  const parts = splitKey(key)
  if (!parts) throw badRequest('Invalid parameter nesting')
  if (parts.some((p) => UNSAFE_KEYS.has(p))) return
  assign(target, parts, value)
}

function assign(obj: Params, [head, ...rest]: NonEmpty<string>, value: unknown): void {
  if (!isNonEmpty(rest)) {
    obj[head] = value
    return
  }
  if (rest[0] === '') {
    // `a[]`: an array; `a[][k]`: an array of hashes, where a repeated key starts the next hash.
    if (!Array.isArray(obj[head])) obj[head] = []
    const arr = obj[head] as unknown[]
    const after = rest.slice(1)
    if (!isNonEmpty(after)) {
      arr.push(value)
      return
    }
    let last = arr[arr.length - 1]
    if (!isPlainObject(last) || hasLeaf(last, after)) {
      last = {}
      arr.push(last)
    }
    assign(last as Params, after, value)
    return
  }
  if (!isPlainObject(obj[head])) obj[head] = {}
  assign(obj[head] as Params, rest, value)
}

function hasLeaf(obj: Params, parts: string[]): boolean {
  let node: unknown = obj
  for (const p of parts) {
    if (p === '' || !isPlainObject(node)) return false
    if (!(p in node)) return false
    node = node[p]
  }
  return true
}

export function isPlainObject(v: unknown): v is Params {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isUploadedFile(v)
}

/** Rack turns `{"0": {...}, "1": {...}}` into arrays for Grape's Array[JSON] params; so do we. */
export function indexedHashesToArrays(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(indexedHashesToArrays)
  if (!isPlainObject(v)) return v
  const keys = Object.keys(v)
  const out: Params = {}
  for (const k of keys) if (!UNSAFE_KEYS.has(k)) out[k] = indexedHashesToArrays(v[k])
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k])
  }
  return out
}

export function parseQuery(search: string): Params {
  const out: Params = {}
  if (!search) return out
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const rawKey = eq < 0 ? pair : pair.slice(0, eq)
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1)
    const key = decodeFormComponent(rawKey)
    if (!key) continue
    addNested(out, key, decodeFormComponent(rawValue))
  }
  return out
}

function decodeFormComponent(s: string): string {
  const plus = s.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(plus)
  } catch {
    // Malformed escapes: Rack keeps them verbatim instead of failing the request.
    return plus
  }
}

/** Reads the body of a request into params, by content type. Unknown types contribute nothing. */
export async function parseBody(req: ApiRequest): Promise<Params> {
  if (req.method === 'GET' || req.method === 'HEAD' || !req.body) return {}
  const type = (req.headers.get('content-type') ?? '').toLowerCase()
  const length = Number(req.headers.get('content-length') ?? 0)
  if (type.startsWith('application/json') || type.endsWith('+json')) {
    if (length > MAX_JSON_BYTES) throw tooLarge()
    const text = await req.text()
    if (!text.trim()) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw badRequest('Invalid JSON body')
    }
    if (parsed === null) return {}
    if (!isPlainObject(parsed)) throw badRequest('The JSON body must be an object')
    return parsed
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    if (length > MAX_JSON_BYTES) throw tooLarge()
    return parseQuery(await req.text())
  }
  if (type.startsWith('multipart/form-data')) {
    let form: FormData
    try {
      form = await req.formData()
    } catch {
      throw badRequest('Invalid multipart body')
    }
    const out: Params = {}
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') addNested(out, key, value)
      else {
        const file = value
        addNested(out, key, {
          kind: 'file',
          filename: file.name,
          type: file.type,
          size: file.size,
          bytes: async () => new Uint8Array(await file.arrayBuffer()),
        } satisfies UploadedFile)
      }
    }
    return out
  }
  // Other content types (text/plain, none) carry no parameters, as in Rack.
  await req.body.cancel().catch(() => {})
  return {}
}

/** Merges query, body and path params with Grape's precedence (path > body > query). */
export function mergeParams(query: Params, body: Params, path: Params): Params {
  return indexedHashesToArrays({ ...query, ...body, ...path }) as Params
}
