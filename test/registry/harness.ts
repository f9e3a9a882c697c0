// A real docker-registry (distribution 2.8, /usr/bin/docker-registry) for integration tests, trusting
// this worker's token key, and a pure-HTTP image push (no Docker engine) to fill it.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { config } from '../../lib/config'
import { registryKeys } from '../../lib/container-registry/keys'
import { registryConfigYaml } from '../../lib/container-registry/registry-config'
import { signRegistryToken, type RegistryAccess } from '../../lib/container-registry/token'

export const REGISTRY_BINARY = '/usr/bin/docker-registry'
const START_DEADLINE_MS = 15_000

export interface RunningRegistry {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** `127.0.0.1:<port>` */
  host: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited(child)
  clearTimeout(timer)
}

/** Starts a registry on a free loopback port; resolves once it answers GET /v2/ with 401. */
export async function startRegistry(opts: { notificationsUrl?: string; notificationSecret?: string } = {}): Promise<RunningRegistry> {
  const { certificatePath } = await registryKeys()
  const dir = await mkdtemp(path.join(tmpdir(), 'registry-'))
  // The port is free when picked but not held: another process may take it before the registry
  // binds, so a start that loses the port is retried on a new one.
  for (let attempt = 1; ; attempt++) {
    const host = `127.0.0.1:${await freePort()}`
    const url = `http://${host}`
    const configPath = path.join(dir, 'config.yml')
    await writeFile(
      configPath,
      registryConfigYaml({
        addr: host,
        rootDirectory: path.join(dir, 'storage'),
        realm: `${process.env.EXTERNAL_URL}/jwt/auth`,
        issuer: config().registryIssuer,
        certificatePath,
        ...opts,
      }),
    )
    const child = spawn(REGISTRY_BINARY, ['serve', configPath], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    let spawnError: Error | undefined
    child.once('error', (e) => (spawnError = e))
    const deadline = Date.now() + START_DEADLINE_MS
    let ready = false
    while (!ready && Date.now() < deadline && child.exitCode === null && !spawnError) {
      try {
        const res = await fetch(`${url}/v2/`, { signal: AbortSignal.timeout(1_000) })
        await res.arrayBuffer()
        ready = res.status === 401
      } catch {
        /* not listening yet */
      }
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (ready) {
      return {
        url,
        host,
        async stop() {
          await stopChild(child)
          await rm(dir, { recursive: true, force: true })
        },
      }
    }
    await stopChild(child)
    if (attempt < 3 && /address already in use/.test(stderr)) continue
    await rm(dir, { recursive: true, force: true })
    const why = spawnError ? spawnError.message : child.exitCode !== null ? `exited with ${child.exitCode}` : `no 401 from /v2/ within ${START_DEADLINE_MS} ms`
    throw new Error(`docker-registry did not start (${why}):\n${stderr}`)
  }
}

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

async function uploadBlob(registryUrl: string, auth: Record<string, string>, name: string, blob: Buffer): Promise<string> {
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
    descriptors.push({ mediaType: 'application/vnd.docker.image.rootfs.diff.tar.gzip', size: layer.blob.length, digest })
  }
  const configDigest = await uploadBlob(registryUrl, auth, name, imageConfig)
  const manifest = JSON.stringify({
    schemaVersion: 2,
    mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
    config: { mediaType: 'application/vnd.docker.container.image.v1+json', size: imageConfig.length, digest: configDigest },
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

/** A registry token for `access`, signed directly (no /jwt/auth): root, as GitLab's own login. */
export function registryToken(access: RegistryAccess[]): Promise<string> {
  return signRegistryToken({ subject: 'root', authType: 'gitlab_or_ldap', access })
}
