// Secret settings (keys, tokens, passwords) are stored encrypted with AES-256-GCM under a key
// derived from AUTH_SECRET (the same on every node), and decrypted only for the administrators'
// read model. History shows them masked.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { config } from '../config'

const PREFIX = 'enc:v1:'
const key = () => createHash('sha256').update(`application-settings:${config().authSecret}`).digest()

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`
}

export function decryptSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored
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
