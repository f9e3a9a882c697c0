// Secret settings (keys, tokens, passwords) are stored encrypted with AES-256-GCM under a key
// derived from AUTH_SECRET (the same on every node), and decrypted only for the administrators'
// read model. History shows them masked.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { config } from '../config'

const PREFIX = 'enc:v1:'
// Ciphertext → plaintext of recent decryptions (the plaintext is in this process's memory whenever
// it is used anyway); emptied when AUTH_SECRET changes, so an old key's answer is never served.
const MAX_DECRYPTED = 1000
const decrypted = new Map<string, string | null>()
// Derived once per AUTH_SECRET, not per call: admins' project reads decrypt the runners token on
// every request.
let derived: { secret: string; key: Buffer } | null = null
const key = () => {
  const secret = config().authSecret
  if (derived?.secret !== secret) {
    derived = { secret, key: createHash('sha256').update(`application-settings:${secret}`).digest() }
    decrypted.clear()
  }
  return derived.key
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`
}

export function decryptSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored
  key() // empties the cache first if AUTH_SECRET changed
  const hit = decrypted.get(stored)
  if (hit !== undefined || decrypted.has(stored)) return hit ?? null
  const plain = decrypt(stored)
  if (decrypted.size >= MAX_DECRYPTED) decrypted.clear()
  decrypted.set(stored, plain)
  return plain
}

function decrypt(stored: string): string | null {
  const [iv, tag, data] = stored.slice(PREFIX.length).split('.')
  if (iv === undefined || tag === undefined || data === undefined) return null // malformed: unreadable, as if unset
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null // AUTH_SECRET changed: the secret is unreadable, as if unset
  }
}

export const MASK = '[MASKED]'
