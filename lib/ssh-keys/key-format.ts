// OpenSSH public keys: "<type> <base64 blob> [comment]". The blob starts with its own type as an
// SSH string, which catches pasted garbage; fingerprints are GitLab's (SHA256:base64, MD5 hex pairs).
import { createHash } from 'node:crypto'

export const KEY_TYPES = [
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const

export interface ParsedKey {
  type: string
  blob: Buffer
  /** The key without its comment, as GitLab stores and compares keys. */
  normalized: string
  fingerprintSha256: string
  fingerprintMd5: string
}

function sshString(buf: Buffer, offset: number): { value: Buffer; next: number } | null {
  if (offset + 4 > buf.length) return null
  const len = buf.readUInt32BE(offset)
  if (len > buf.length - offset - 4) return null
  return { value: buf.subarray(offset + 4, offset + 4 + len), next: offset + 4 + len }
}

export function parsePublicKey(text: string): ParsedKey | null {
  const [type, data] = text.trim().split(/\s+/)
  if (!type || !data || !(KEY_TYPES as readonly string[]).includes(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
    return null
  const blob = Buffer.from(data, 'base64')
  const inner = sshString(blob, 0)
  if (!inner || inner.value.toString('latin1') !== type || inner.next >= blob.length) return null
  const md5 = createHash('md5').update(blob).digest('hex')
  return {
    type,
    blob,
    normalized: `${type} ${data}`,
    fingerprintSha256: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
    fingerprintMd5: md5.match(/../g)!.join(':'),
  }
}
