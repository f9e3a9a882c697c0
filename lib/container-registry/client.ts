// The product's own calls to the configured Docker Distribution registry (REGISTRY_API_URL), made
// with tokens it signs for itself. Requests are concurrency-limited so a page of tag details or a
// 5,000-tag cleanup cannot flood the registry; whatever is addressed by digest is immutable and
// cached without expiry (bounded), tag lists only briefly (another process may have pushed).
import { createHash } from 'node:crypto'
import { config } from '../config'
import { ttlCache, cached } from '../runtime/ttl-cache'
import { processState } from '../util/process-state'
import { signRegistryToken, type RegistryAccess } from './token'

export const MANIFEST_TYPES = {
  dockerV2: 'application/vnd.docker.distribution.manifest.v2+json',
  dockerList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  ociIndex: 'application/vnd.oci.image.index.v1+json',
} as const
const ACCEPT_MANIFESTS = Object.values(MANIFEST_TYPES).join(', ')

export interface Descriptor {
  mediaType?: string
  size: number
  digest: string
}
export interface Manifest {
  schemaVersion: number
  mediaType?: string
  config?: Descriptor
  layers?: Descriptor[]
  manifests?: Descriptor[]
}
export interface ManifestRead {
  digest: string
  mediaType: string
  manifest: Manifest
}

/** The registry answered something other than what the call needs (GitLab shows its message as a 400). */
export class RegistryError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export const registryConfigured = () => config().registryApiUrl !== null

function baseUrl(): string {
  const url = config().registryApiUrl
  if (!url) throw new RegistryError('registry not enabled', 503)
  return url
}

// At most this many requests in flight to the registry per process.
const MAX_IN_FLIGHT = 16
const limiter = processState('registry.limiter', () => ({ active: 0, waiting: [] as (() => void)[] }))
async function limited<T>(run: () => Promise<T>): Promise<T> {
  if (limiter.active >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => limiter.waiting.push(resolve))
  limiter.active++
  try {
    return await run()
  } finally {
    limiter.active--
    limiter.waiting.shift()?.()
  }
}

const counters = processState('registry.requests', () => ({ total: 0 }))
/** Requests this process sent to the registry (the cleanup measurements report it). */
export const registryRequestCount = () => counters.total

// Tokens the product signs for itself, reused until shortly before they expire.
const tokens = ttlCache<string, Promise<string>>('registry.ownTokens', () => 30_000, { source: 'external' })
function ownToken(access: RegistryAccess): Promise<string> {
  const key = `${access.type}:${access.name}:${access.actions.join(',')}`
  return cached(tokens, key, () => signRegistryToken({ subject: '', authType: 'gitlab_or_ldap', access: [access] }))
}
const repositoryAccess = (path: string): RegistryAccess => ({ type: 'repository', name: path, actions: ['*'] })

async function call(
  path: string,
  access: RegistryAccess,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const token = await ownToken(access)
  return limited(async () => {
    counters.total++
    return fetch(`${baseUrl()}${path}`, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${token}` },
      redirect: 'manual',
    })
  })
}

async function fail(res: Response, what: string): Promise<never> {
  const text = await res.text().catch(() => '')
  let message = `${what}: registry answered ${res.status}`
  try {
    const body = JSON.parse(text) as { errors?: { message?: string }[] }
    if (body.errors?.[0]?.message) message = body.errors[0].message
  } catch {
    // not JSON: keep the status line
  }
  throw new RegistryError(message, res.status)
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

// Tag lists are the registry's answer at most 2 s old; own deletes and the
// registry's notifications drop them at once.
const tagLists = ttlCache<string, Promise<string[]>>('registry.tagLists')

/** All tag names of an image path, sorted by name (an unknown path has none). */
export function tagNames(path: string): Promise<string[]> {
  return cached(tagLists, path, async () => {
    const res = await call(`/v2/${encodePath(path)}/tags/list`, repositoryAccess(path))
    if (res.status === 404) return []
    if (!res.ok) return fail(res, 'tags list')
    const body = (await res.json()) as { tags?: string[] | null }
    return (body.tags ?? []).sort(compareNames)
  })
}
/** Byte order, as the registry and GitLab sort names. */
export const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export function forgetTags(path: string): void {
  tagLists.delete(path)
  tagDigests.clear()
}

// A tag's current digest (it moves on every push), kept as briefly as tag lists.
const tagDigests = ttlCache<string, Promise<ManifestRead | null>>('registry.tagManifests')
// Manifests and config blobs by digest never change.
const byDigest = ttlCache<string, Promise<unknown>>('registry.byDigest', () => 24 * 3600_000, { source: 'external' })

/** The manifest a tag points at (null when the tag does not exist). */
export function manifestOf(path: string, tag: string): Promise<ManifestRead | null> {
  return cached(tagDigests, `${path}:${tag}`, async () => {
    const res = await call(`/v2/${encodePath(path)}/manifests/${encodeURIComponent(tag)}`, repositoryAccess(path), {
      headers: { Accept: ACCEPT_MANIFESTS },
    })
    if (res.status === 404) return null
    if (!res.ok) return fail(res, 'manifest')
    const text = await res.text()
    const digest =
      res.headers.get('docker-content-digest') ?? `sha256:${createHash('sha256').update(text).digest('hex')}`
    const manifest = JSON.parse(text) as Manifest
    const read: ManifestRead = {
      digest,
      mediaType: manifest.mediaType ?? res.headers.get('content-type') ?? '',
      manifest,
    }
    byDigest.set(`manifest:${path}:${digest}`, Promise.resolve(read))
    return read
  })
}

/** An image config blob (JSON) by digest; null when missing. */
export function configBlob(path: string, digest: string): Promise<{ created?: string } | null> {
  return cached(byDigest, `config:${path}:${digest}`, async () => {
    const res = await call(`/v2/${encodePath(path)}/blobs/${digest}`, repositoryAccess(path))
    if (res.status === 404) return null
    // The filesystem driver serves blobs itself; other drivers redirect to storage.
    if (res.status === 307 || res.status === 302) {
      const location = res.headers.get('location')
      if (!location) return null
      const moved = await limited(() => fetch(location))
      return moved.ok ? ((await moved.json()) as { created?: string }) : null
    }
    if (!res.ok) return fail(res, 'config blob')
    return (await res.json()) as { created?: string }
  }) as Promise<{ created?: string } | null>
}

async function blobExists(path: string, digest: string): Promise<boolean> {
  const res = await call(`/v2/${encodePath(path)}/blobs/${digest}`, repositoryAccess(path), { method: 'HEAD' })
  return res.ok
}

/** Uploads a blob in one request (monolithic upload) unless the repository has it; returns its digest. */
export async function uploadBlob(path: string, bytes: Buffer): Promise<string> {
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`
  if (await blobExists(path, digest)) return digest
  const start = await call(`/v2/${encodePath(path)}/blobs/uploads/`, repositoryAccess(path), { method: 'POST' })
  if (start.status !== 202) return fail(start, 'blob upload')
  const location = new URL(start.headers.get('location') ?? '', `${baseUrl()}/`)
  location.searchParams.set('digest', digest)
  const token = await ownToken(repositoryAccess(path))
  const put = await limited(() => {
    counters.total++
    return fetch(location, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(bytes.length),
      },
    })
  })
  if (put.status !== 201) return fail(put, 'blob upload')
  return digest
}

/** Points a tag at a manifest (PUT /v2/<name>/manifests/<tag>); returns the manifest digest. */
export async function putManifest(path: string, tag: string, body: string, mediaType: string): Promise<string> {
  const res = await call(`/v2/${encodePath(path)}/manifests/${encodeURIComponent(tag)}`, repositoryAccess(path), {
    method: 'PUT',
    body,
    headers: { 'Content-Type': mediaType },
  })
  if (res.status !== 201) return fail(res, 'manifest upload')
  return res.headers.get('docker-content-digest') ?? `sha256:${createHash('sha256').update(body).digest('hex')}`
}

/** Deletes a manifest by digest; the registry untags every tag pointing at it. */
export async function deleteManifest(path: string, digest: string): Promise<void> {
  const res = await call(`/v2/${encodePath(path)}/manifests/${digest}`, repositoryAccess(path), {
    method: 'DELETE',
    headers: { Accept: MANIFEST_TYPES.dockerV2 },
  })
  if (res.status !== 202 && res.status !== 404) return fail(res, 'manifest delete')
  forgetTags(path)
}

/** The registry's answer to its base call, or why there was none. */
export type RegistryPing =
  { reachable: true; status: number; ms: number } | { reachable: false; error: string; ms: number }

// A health read, not work: a short timeout, and one answer shared for a few seconds by every
// page view (an overview reloaded in a loop must not hammer a registry that is down).
const PING_TIMEOUT_MS = 2000
const pings = ttlCache<string, Promise<RegistryPing>>('registry.ping', () => 10_000, { source: 'external' })

/** GET /v2/ with a token this server signs: 200 when the registry is up and trusts our tokens. */
export function pingRegistry(): Promise<RegistryPing> {
  const url = baseUrl()
  return cached(pings, url, async () => {
    const started = Date.now()
    try {
      const token = await ownToken({ type: 'registry', name: 'catalog', actions: ['*'] })
      const res = await fetch(`${url}/v2/`, {
        headers: { Authorization: `Bearer ${token}` },
        redirect: 'manual',
        signal: AbortSignal.timeout(PING_TIMEOUT_MS),
      })
      await res.body?.cancel()
      return { reachable: true, status: res.status, ms: Date.now() - started }
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } }
      const error =
        err.name === 'TimeoutError'
          ? `no answer within ${PING_TIMEOUT_MS / 1000} s`
          : (err.cause?.code ?? err.cause?.message ?? err.message)
      return { reachable: false, error, ms: Date.now() - started }
    }
  })
}
