// The e2e server's container registry: a real docker-registry on E2E_REGISTRY_PORT (the server was
// started with REGISTRY_API_URL pointing there) trusting the certificate the server wrote at start.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import { spawnRegistry, type RunningRegistry } from '../test/registry/process'
import { pushImage } from '../test/registry/push'
import { expect, ROOT_PASSWORD } from './helpers'

export async function startE2eRegistry(baseURL: string): Promise<RunningRegistry> {
  const dataDir = process.env.E2E_DATA_DIR
  const port = Number(process.env.E2E_REGISTRY_PORT)
  if (!dataDir || !port) throw new Error('playwright.config.ts sets E2E_DATA_DIR and E2E_REGISTRY_PORT')
  const certificatePath = path.join(dataDir, 'registry', 'token.crt')
  await expect.poll(() => existsSync(certificatePath), { timeout: 15_000 }).toBe(true)
  return spawnRegistry({ certificatePath, realm: `${baseURL}/jwt/auth`, issuer: 'gitlab-issuer', port })
}

/** Pushes an image under `tags` as root, with a token from the server's /jwt/auth. */
export async function pushAsRoot(
  request: APIRequestContext,
  imagePath: string,
  tags: string[],
  opts: { created?: Date; seed?: string } = {},
) {
  const res = await request.get(`/jwt/auth?service=container_registry&scope=repository:${imagePath}:push,pull`, {
    headers: { Authorization: `Basic ${Buffer.from(`root:${ROOT_PASSWORD}`).toString('base64')}` },
  })
  expect(res.status()).toBe(200)
  const { token } = (await res.json()) as { token: string }
  return pushImage(`http://127.0.0.1:${process.env.E2E_REGISTRY_PORT}`, token, imagePath, tags, opts)
}
