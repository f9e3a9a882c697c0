// The registry token key pair: an RSA key that signs the JWTs the registry accepts, and a
// self-signed certificate the registry is given as its `rootcertbundle`. Generated once under
// $DATA_DIR/registry and shared by every process on that data directory (and by the registry, which
// reads token.crt).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { config } from '../config'
import { processState } from '../util/process-state'

export interface RegistryKeys {
  privateKey: KeyObject
  certificatePem: string
  certificatePath: string
  /** The JWT header `kid`: the certificate's libtrust key id, which the registry looks tokens up by. */
  kid: string
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31)
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32.charAt((value << (5 - bits)) & 31)
  return out
}

/**
 * libtrust's key id (docker/libtrust keyIDFromCryptoKey), the only `kid` distribution 2.8 matches a
 * token to a trusted certificate by: SHA-256 of the DER SubjectPublicKeyInfo cut to 240 bits, base32
 * (30 bytes make 48 characters, so no padding), in 12 groups of 4 joined by ':'.
 */
export function libtrustKeyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' })
  const encoded = base32(createHash('sha256').update(der).digest().subarray(0, 30))
  return (encoded.match(/.{4}/g) ?? []).join(':')
}

const CERT_YEARS = 10
const CERT_CN = 'gitlab-issuer'

async function generate(): Promise<{ keyPem: string; certPem: string }> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
  // Node's crypto cannot issue certificates: node-forge signs one over the key node made (loaded
  // here: only the first start of a data directory needs it).
  const { default: forge } = await import('node-forge')
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString())
  // A positive serial (leading byte below 0x80).
  cert.serialNumber = '01' + randomBytes(15).toString('hex')
  const now = new Date()
  cert.validity.notBefore = new Date(now.getTime() - 60_000)
  cert.validity.notAfter = new Date(now)
  cert.validity.notAfter.setFullYear(now.getFullYear() + CERT_YEARS)
  const name = [{ name: 'commonName', value: CERT_CN }]
  cert.setSubject(name)
  cert.setIssuer(name)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
  ])
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create())
  return { keyPem, certPem: forge.pki.certificateToPem(cert) }
}

function isCode(e: unknown, code: string): boolean {
  return e instanceof Error && (e as NodeJS.ErrnoException).code === code
}

function read(keyPath: string, certificatePath: string): RegistryKeys {
  const privateKey = createPrivateKey(readFileSync(keyPath))
  const certificatePem = readFileSync(certificatePath, 'utf8')
  const kid = libtrustKeyId(new X509Certificate(certificatePem).publicKey)
  if (kid !== libtrustKeyId(createPublicKey(privateKey))) {
    throw new Error(`${keyPath} does not belong to ${certificatePath}: remove both to generate a new pair`)
  }
  return { privateKey, certificatePem, certificatePath, kid }
}

const WAIT_MS = 15_000

/** Another process linked the certificate and is about to link the key: wait for it. */
async function awaitKey(keyPath: string, certificatePath: string): Promise<RegistryKeys> {
  const deadline = Date.now() + WAIT_MS
  while (!existsSync(keyPath)) {
    if (Date.now() > deadline)
      throw new Error(`${certificatePath} exists without ${keyPath}: remove it to generate a new pair`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return read(keyPath, certificatePath)
}

// Race-safe across processes: the pair is written to private temporary names, then the certificate
// is hard-linked into place (link fails if the name exists, so exactly one process wins) and the key
// after it. The key's presence therefore means both files are complete.
async function loadOrCreate(dir: string): Promise<RegistryKeys> {
  const keyPath = path.join(dir, 'token.key')
  const certificatePath = path.join(dir, 'token.crt')
  if (existsSync(keyPath)) return read(keyPath, certificatePath)
  if (existsSync(certificatePath)) return awaitKey(keyPath, certificatePath)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const { keyPem, certPem } = await generate()
  const suffix = `${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const tmpKey = path.join(dir, `.token.key.${suffix}`)
  const tmpCert = path.join(dir, `.token.crt.${suffix}`)
  try {
    writeFileSync(tmpKey, keyPem, { mode: 0o600, flag: 'wx' })
    writeFileSync(tmpCert, certPem, { mode: 0o644, flag: 'wx' })
    try {
      linkSync(tmpCert, certificatePath)
    } catch (e) {
      if (isCode(e, 'EEXIST')) return await awaitKey(keyPath, certificatePath)
      throw e
    }
    linkSync(tmpKey, keyPath)
    return read(keyPath, certificatePath)
  } finally {
    for (const tmp of [tmpKey, tmpCert]) {
      try {
        unlinkSync(tmp)
      } catch {
        /* never written */
      }
    }
  }
}

const g = processState('container-registry.keys', () => ({
  dir: undefined as string | undefined,
  keys: undefined as Promise<RegistryKeys> | undefined,
}))

/** The registry token key pair of this data directory, created on first use. */
export function registryKeys(): Promise<RegistryKeys> {
  const dir = path.join(config().dataDir, 'registry')
  if (g.keys && g.dir === dir) return g.keys
  const keys = loadOrCreate(dir)
  g.dir = dir
  g.keys = keys
  keys.catch(() => {
    if (g.keys === keys) g.keys = undefined
  })
  return keys
}
