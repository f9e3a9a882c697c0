// Request parameters as Grape sees them: query string ∪ body (JSON, urlencoded or multipart),
// body winning over query and path parameters winning over both. Form encodings use Rack's nesting
// rules: `a[]=1&a[]=2`, `h[k]=v`, `arr[][k]=v`, `arr[0][k]=v`.
import { readLimited, type BodyLimits } from './body'
import { badRequest, nestedTooDeeply } from './errors'
import { isNonEmpty, type NonEmpty } from '../util/defined'
import { carriesBody, type ApiRequest } from './request'

export type Params = Record<string, unknown>

/** Uploaded file as it arrives in a multipart body. */
export interface UploadedFile {
  kind: 'file'
  filename: string
  type: string
  size: number
  bytes: () => Promise<Uint8Array>
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'file'

const MAX_DEPTH = 8
/**
 * GitLab's JSON nesting limit (Gitlab::Middleware::JsonValidation `max_depth`, Rack's own default):
 * the outermost object is level 1. Checked on the text before JSON.parse builds anything, so a
 * 100,000-deep body costs one scan and no walk over it can overflow the stack.
 */
export const MAX_JSON_DEPTH = 32

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. Returns null when the key is not well-formed. */
function splitKey(key: string): NonEmpty<string> | null {
  const open = key.indexOf('[')
  if (open <= 0) return [key]
  const parts: NonEmpty<string> = [key.slice(0, open)]
  let rest = key.slice(open)
  while (rest.length) {
    // Stop at the limit: a key nested 100,000 deep is refused after MAX_DEPTH parts, not split whole.
    if (parts.length > MAX_DEPTH) return null
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

/**
 * Whether JSON text nests arrays/objects deeper than `max`, brackets inside strings not counted.
 * Only the depth is looked at: malformed text is left to JSON.parse.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

type Container = unknown[] | Params
interface Visit {
  src: Container
  out: Container
  /** Where the converted value goes: the parent's output and key (the box for the root). */
  parent: Container
  slot: string | number
}

/**
 * Rack turns `{"0": {...}, "1": {...}}` into arrays for Grape's Array[JSON] params; so do we.
 * Iterative (an explicit list instead of recursion): the input comes from the request, and a walk
 * that recurses per level is a stack overflow waiting for a deep enough body.
 */
export function indexedHashesToArrays(root: unknown): unknown {
  if (!Array.isArray(root) && !isPlainObject(root)) return root
  const box: unknown[] = [undefined]
  const order: Visit[] = []
  const pending: Omit<Visit, 'out'>[] = [{ src: root, parent: box, slot: 0 }]
  // Pre-order: each container's output is made and its child containers queued after it.
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { src } = next
    const out: Container = Array.isArray(src) ? new Array<unknown>(src.length) : {}
    order.push({ ...next, out })
    if (Array.isArray(src)) {
      for (let i = 0; i < src.length; i++) {
        const v = src[i]
        if (Array.isArray(v) || isPlainObject(v)) pending.push({ src: v, parent: out, slot: i })
        else (out as unknown[])[i] = v
      }
    } else {
      for (const k of Object.keys(src)) {
        if (UNSAFE_KEYS.has(k)) continue
        const v = src[k]
        if (Array.isArray(v) || isPlainObject(v)) pending.push({ src: v, parent: out, slot: k })
        else (out as Params)[k] = v
      }
    }
  }
  // Children come after their parent in `order`, so going backwards finishes every child (its
  // indexed hash made an array) before the parent that holds it is finished.
  for (let i = order.length - 1; i >= 0; i--) {
    const { src, out, parent, slot } = order[i]!
    let value: unknown = out
    if (!Array.isArray(src) && !Array.isArray(out)) {
      const keys = Object.keys(src)
      if (keys.length && keys.every((k) => /^\d+$/.test(k)))
        value = keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k])
    }
    ;(parent as Record<string | number, unknown>)[slot] = value
  }
  return box[0]
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

const utf8 = new TextDecoder()

/**
 * Reads the body of a request into params, by content type, each kind under its limit while it
 * streams (body.ts). Unknown types contribute nothing and are not read.
 */
export async function parseBody(req: ApiRequest, limits: BodyLimits): Promise<Params> {
  if (req.method === 'GET' || req.method === 'HEAD' || !carriesBody(req)) return {}
  const type = (req.headers.get('content-type') ?? '').toLowerCase()
  if (type.startsWith('application/json') || type.endsWith('+json')) {
    const text = utf8.decode(await readLimited(req, limits.params))
    if (!text.trim()) return {}
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) throw nestedTooDeeply()
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
    return parseQuery(utf8.decode(await readLimited(req, limits.params)))
  }
  if (type.startsWith('multipart/form-data')) {
    const bytes = await readLimited(req, await limits.multipart())
    let form: FormData
    try {
      // The bytes are in hand and within the limit; undici's parser takes them as a Response body.
      form = await new Response(bytes as BodyInit, {
        headers: { 'content-type': req.headers.get('content-type') ?? '' },
      }).formData()
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
  // Other content types (text/plain, none) carry no parameters, as in Rack. Not read: the mount
  // discards an unread body after the answer (cancelling it here would close the connection).
  return {}
}

/** Merges query, body and path params with Grape's precedence (path > body > query). */
export function mergeParams(query: Params, body: Params, path: Params): Params {
  return indexedHashesToArrays({ ...query, ...body, ...path }) as Params
}
