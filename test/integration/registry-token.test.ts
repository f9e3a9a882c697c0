// The token half of the container registry against a real docker-registry: it trusts tokens signed
// with this server's key (looked up by libtrust kid) for exactly the scopes they grant.
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { libtrustKeyId, registryKeys } from '../../lib/container-registry/keys'
import { serverUrl } from '../setup/server'
import { unique } from '../helpers'
import { pushImage, registryToken, startRegistry, type RunningRegistry } from '../registry/harness'

let registry: RunningRegistry
// Unset when the registry failed to start: afterAll must not hide that failure behind its own.
let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  registry = await startRegistry()
  stop = () => registry.stop()
})
afterAll(async () => {
  await stop?.()
})

const repo = (name: string, actions = ['pull', 'push']) => ({ type: 'repository' as const, name, actions })
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** A token shaped like ours, signed by a key the registry was not given. */
async function foreignToken(access: unknown[], kid?: string): Promise<string> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sub: 'root', auth_type: 'gitlab_or_ldap', access })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: kid ?? libtrustKeyId(publicKey) })
    .setIssuer('gitlab-issuer')
    .setAudience('container_registry')
    .setIssuedAt(now)
    .setNotBefore(now - 5)
    .setExpirationTime(now + 300)
    .setJti(randomUUID())
    .sign(privateKey)
}

describe('registry token', () => {
  it('challenges an anonymous client with our realm and service', async () => {
    const res = await fetch(`${registry.url}/v2/`)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="${await serverUrl()}/jwt/auth",service="container_registry"`,
    )
  })

  it('accepts a signed catalog token', async () => {
    const token = await registryToken([{ type: 'registry', name: 'catalog', actions: ['*'] }])
    const res = await fetch(`${registry.url}/v2/_catalog`, { headers: bearer(token) })
    expect(res.status).toBe(200)
    expect(await res.json()).toHaveProperty('repositories')
  })

  it('carries the key id, issuer and claims GitLab sends', async () => {
    const token = await registryToken([repo('group/project')])
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>)
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: (await registryKeys()).kid })
    expect(payload).toMatchObject({
      iss: 'gitlab-issuer',
      aud: 'container_registry',
      sub: 'root',
      auth_type: 'gitlab_or_ldap',
      access: [repo('group/project')],
    })
    const p = payload as { iat: number; nbf: number; exp: number; jti: string }
    expect(p.nbf).toBe(p.iat - 5)
    expect(p.exp - p.iat).toBe(5 * 60)
    expect(p.jti).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('lets a push token push an image under two tags, which the tag list shows', async () => {
    const name = `${unique('group')}/${unique('project')}`
    const token = await registryToken([repo(name)])
    const pushed = await pushImage(registry.url, token, name, ['v1', 'latest'])
    expect(pushed.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(pushed.configDigest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(pushed.totalSize).toBeGreaterThan(0)
    const res = await fetch(`${registry.url}/v2/${name}/tags/list`, { headers: bearer(token) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { name: string; tags: string[] }
    expect(body.name).toBe(name)
    expect([...body.tags].sort()).toEqual(['latest', 'v1'])
    const manifest = await fetch(`${registry.url}/v2/${name}/manifests/v1`, {
      method: 'HEAD',
      headers: { ...bearer(token), Accept: 'application/vnd.docker.distribution.manifest.v2+json' },
    })
    expect(manifest.headers.get('docker-content-digest')).toBe(pushed.digest)
  })

  it('gives the same digest to two pushes of one seed', async () => {
    const name = `${unique('group')}/seeded`
    const token = await registryToken([repo(name)])
    const a = await pushImage(registry.url, token, name, ['a'], { seed: 'fixed' })
    const b = await pushImage(registry.url, token, name, ['b'], { seed: 'fixed' })
    expect(b.digest).toBe(a.digest)
    const c = await pushImage(registry.url, token, name, ['c'], { seed: 'other' })
    expect(c.digest).not.toBe(a.digest)
  })

  it('refuses a push with a token for another repository', async () => {
    const token = await registryToken([repo(`${unique('group')}/elsewhere`)])
    await expect(pushImage(registry.url, token, `${unique('group')}/target`, ['v1'])).rejects.toMatchObject({
      status: 401,
    })
  })

  it('refuses a pull-only token a push', async () => {
    const name = `${unique('group')}/pull-only`
    const token = await registryToken([repo(name, ['pull'])])
    await expect(pushImage(registry.url, token, name, ['v1'])).rejects.toMatchObject({ status: 401 })
  })

  it('refuses tokens signed by another key, with its own kid or with ours', async () => {
    const catalog = [{ type: 'registry', name: 'catalog', actions: ['*'] }]
    const ownKid = await foreignToken(catalog)
    expect(JSON.parse(Buffer.from(ownKid.split('.')[0] ?? '', 'base64url').toString()).kid).toMatch(
      /^[A-Z2-7]{4}(:[A-Z2-7]{4}){11}$/,
    )
    const borrowedKid = await foreignToken(catalog, (await registryKeys()).kid)
    for (const token of [ownKid, borrowedKid]) {
      const res = await fetch(`${registry.url}/v2/_catalog`, { headers: bearer(token) })
      expect(res.status).toBe(401)
    }
  })
})
