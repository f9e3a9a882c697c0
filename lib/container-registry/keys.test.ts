import { createHash, createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../config'
import { libtrustKeyId, registryKeys } from './keys'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** An independent decoder: the key id must carry exactly the first 240 bits of the SPKI's SHA-256. */
function decodeBase32(text: string): Buffer {
  let bits = ''
  for (const c of text) bits += BASE32.indexOf(c).toString(2).padStart(5, '0')
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

describe('libtrustKeyId', () => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

  it('is 12 groups of 4 upper-case base32 characters', () => {
    expect(libtrustKeyId(publicKey)).toMatch(/^[A-Z2-7]{4}(:[A-Z2-7]{4}){11}$/)
  })

  it('is the base32 of the first 30 bytes of SHA-256 over the DER SubjectPublicKeyInfo', () => {
    const digest = createHash('sha256')
      .update(publicKey.export({ type: 'spki', format: 'der' }))
      .digest()
    expect(decodeBase32(libtrustKeyId(publicKey).replaceAll(':', ''))).toEqual(digest.subarray(0, 30))
  })

  it('is deterministic and differs between keys', () => {
    expect(libtrustKeyId(publicKey)).toBe(libtrustKeyId(publicKey))
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey
    expect(libtrustKeyId(other)).not.toBe(libtrustKeyId(publicKey))
  })
})

describe('registryKeys', () => {
  const saved = process.env.DATA_DIR
  const dirs = [mkdtempSync(path.join(tmpdir(), 'regkeys-a-')), mkdtempSync(path.join(tmpdir(), 'regkeys-b-'))]
  const useDataDir = (dir: string | undefined) => {
    if (dir === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = dir
    resetConfig()
  }
  afterAll(() => {
    useDataDir(saved)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('creates one key pair per data directory, private key 0600, certificate for gitlab-issuer', async () => {
    const a = dirs[0] ?? ''
    useDataDir(a)
    const [first, second] = await Promise.all([registryKeys(), registryKeys()])
    expect(second).toBe(first)
    expect(first.certificatePath).toBe(path.join(a, 'registry', 'token.crt'))
    expect(readdirSync(path.join(a, 'registry')).sort()).toEqual(['token.crt', 'token.key'])
    expect(statSync(path.join(a, 'registry', 'token.key')).mode & 0o777).toBe(0o600)
    const cert = new X509Certificate(first.certificatePem)
    expect(cert.subject).toBe('CN=gitlab-issuer')
    expect(cert.issuer).toBe('CN=gitlab-issuer')
    expect(new Date(cert.validTo).getTime() - Date.now()).toBeGreaterThan(9.9 * 365 * 24 * 3600 * 1000)
    expect(first.kid).toBe(libtrustKeyId(cert.publicKey))
    expect(first.kid).toBe(libtrustKeyId(createPublicKey(first.privateKey)))
  })

  it('reads the same pair back from disk, and another data directory gets its own', async () => {
    const { kid } = await registryKeys()
    useDataDir(dirs[1])
    const other = await registryKeys()
    expect(other.kid).not.toBe(kid)
    useDataDir(dirs[0])
    expect((await registryKeys()).kid).toBe(kid)
  })
})
