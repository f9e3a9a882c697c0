// A real docker-registry (distribution 2.8, /usr/bin/docker-registry) as a child process, trusting
// a given token certificate. No project module but the config writer, so e2e specs can use it too.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { freePort } from '../free-port'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { registryConfigYaml } from '../../lib/container-registry/registry-config'

export const REGISTRY_BINARY = '/usr/bin/docker-registry'
const START_DEADLINE_MS = 15_000

export interface RunningRegistry {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** `127.0.0.1:<port>` */
  host: string
  stop(): Promise<void>
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

export interface SpawnOptions {
  certificatePath: string
  /** `<EXTERNAL_URL>/jwt/auth` of the server whose tokens it trusts. */
  realm: string
  issuer: string
  /** A fixed port (e2e: the server is told it before the registry starts); default a free one. */
  port?: number
  notificationsUrl?: string
  notificationSecret?: string
}

/** Starts a registry on loopback; resolves once it answers GET /v2/ with 401. */
export async function spawnRegistry({
  certificatePath,
  realm,
  issuer,
  port,
  ...opts
}: SpawnOptions): Promise<RunningRegistry> {
  const dir = await mkdtemp(path.join(tmpdir(), 'registry-'))
  // The port is free when picked but not held: another process may take it before the registry
  // binds, so a start that loses the port is retried on a new one.
  for (let attempt = 1; ; attempt++) {
    const host = `127.0.0.1:${port ?? (await freePort())}`
    const url = `http://${host}`
    const configPath = path.join(dir, 'config.yml')
    await writeFile(
      configPath,
      registryConfigYaml({
        addr: host,
        rootDirectory: path.join(dir, 'storage'),
        realm,
        issuer,
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
    if (port === undefined && attempt < 3 && /address already in use/.test(stderr)) continue
    await rm(dir, { recursive: true, force: true })
    const why = spawnError
      ? spawnError.message
      : child.exitCode !== null
        ? `exited with ${child.exitCode}`
        : `no 401 from /v2/ within ${START_DEADLINE_MS} ms`
    throw new Error(`docker-registry did not start (${why}):\n${stderr}`)
  }
}
