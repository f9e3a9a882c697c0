// A pure-HTTP image push (no Docker engine): Docker v2 schema-2 images into a registry.
import { createHash, randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'

/** A registry answer other than the one a push step expects. */
export class RegistryHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    step: string,
  ) {
    super(`registry ${step}: ${status} ${body}`)
  }
}

const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`

async function uploadBlob(
  registryUrl: string,
  auth: Record<string, string>,
  name: string,
  blob: Buffer,
): Promise<string> {
  const digest = sha256(blob)
  const start = await fetch(`${registryUrl}/v2/${name}/blobs/uploads/`, { method: 'POST', headers: auth })
  const startBody = await start.text()
  if (start.status !== 202) throw new RegistryHttpError(start.status, startBody, `POST /v2/${name}/blobs/uploads/`)
  const location = new URL(start.headers.get('location') ?? '', `${registryUrl}/`)
  location.searchParams.set('digest', digest)
  const put = await fetch(location, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/octet-stream' },
    body: new Uint8Array(blob),
  })
  const putBody = await put.text()
  if (put.status !== 201) throw new RegistryHttpError(put.status, putBody, `PUT blob ${digest}`)
  return digest
}

/** Deterministic bytes from a seed (a SHA-256 counter stream). */
function seededBytes(seed: string, length: number): Buffer {
  const chunks: Buffer[] = []
  for (let i = 0; chunks.length * 32 < length; i++) chunks.push(createHash('sha256').update(`${seed}:${i}`).digest())
  return Buffer.concat(chunks).subarray(0, length)
}

export interface PushedImage {
  /** The manifest digest (`Docker-Content-Digest`). */
  digest: string
  configDigest: string
  /** The sum of the (compressed) layer sizes. */
  totalSize: number
}

/**
 * Pushes a Docker v2 schema-2 image to `name` under each of `tags`: every layer blob and the image
 * config by monolithic upload, then the manifest once per tag. Without `layers`, one small layer of
 * random (or, with `seed`, seed-derived) bytes; with `seed` and no `created`, the content is fixed,
 * so two pushes of one seed share a digest.
 */
export async function pushImage(
  registryUrl: string,
  token: string,
  name: string,
  tags: string[],
  opts: { created?: Date; layers?: Buffer[]; seed?: string } = {},
): Promise<PushedImage> {
  const auth = { Authorization: `Bearer ${token}` }
  const raw = opts.layers ?? [opts.seed === undefined ? randomBytes(512) : seededBytes(opts.seed, 512)]
  const layers = raw.map((content) => ({ diffId: sha256(content), blob: gzipSync(content) }))
  const created = opts.created ?? (opts.seed === undefined ? new Date() : new Date('2020-01-01T00:00:00Z'))
  const imageConfig = Buffer.from(
    JSON.stringify({
      created: created.toISOString(),
      architecture: 'amd64',
      os: 'linux',
      config: {},
      rootfs: { type: 'layers', diff_ids: layers.map((l) => l.diffId) },
    }),
  )
  const descriptors = []
  for (const layer of layers) {
    const digest = await uploadBlob(registryUrl, auth, name, layer.blob)
    descriptors.push({
      mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip',
      size: layer.blob.length,
      digest,
    })
  }
  const configDigest = await uploadBlob(registryUrl, auth, name, imageConfig)
  const manifest = JSON.stringify({
    schemaVersion: 2,
    mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
    config: {
      mediaType: 'application/vnd.docker.container.image.v1+json',
      size: imageConfig.length,
      digest: configDigest,
    },
    layers: descriptors,
  })
  let digest = sha256(Buffer.from(manifest))
  for (const tag of tags) {
    const res = await fetch(`${registryUrl}/v2/${name}/manifests/${tag}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/vnd.docker.distribution.manifest.v2+json' },
      body: manifest,
    })
    const body = await res.text()
    if (res.status !== 201) throw new RegistryHttpError(res.status, body, `PUT /v2/${name}/manifests/${tag}`)
    digest = res.headers.get('docker-content-digest') ?? digest
  }
  return { digest, configDigest, totalSize: descriptors.reduce((sum, d) => sum + d.size, 0) }
}
