// The API in this process on a loopback port, for the benches that need their own data directory
// (registry, epic-issue links): the caller sets DATA_DIR, DATABASE_URL and INITIAL_ROOT_TOKEN
// before; this migrates, seeds root and serves lib/server/handler as `npm start` mounts it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface InProcessApi {
  base: string
  /** A JSON call as root; the body parsed (null when empty), never throwing on a status. */
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>
  close: () => void
}

export async function startInProcessApi(rootToken: string): Promise<InProcessApi> {
  const { getDb } = await import('../../lib/db')
  const { seedRoot } = await import('../../lib/server/seed')
  await getDb()
  await seedRoot(() => {})
  const { resetConfig } = await import('../../lib/config')
  const { handleOutcome } = await import('../../lib/server/handler')
  const { apiListener } = await import('../../lib/server/node-bridge')
  const server = createServer(apiListener(handleOutcome, 'http://127.0.0.1', (err) => console.error(err)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  process.env.EXTERNAL_URL = base
  resetConfig()
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v4${path}`, {
      method,
      headers: { 'PRIVATE-TOKEN': rootToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null }
  }
  return { base, api, close: () => server.close() }
}
