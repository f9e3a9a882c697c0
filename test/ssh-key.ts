import { generateKeyPairSync } from 'node:crypto'

/** An OpenSSH ed25519 public key line from a fresh key pair (no fixture keys in the repository). */
export function newEd25519Line(comment = 'test@example'): string {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  const type = Buffer.from('ssh-ed25519')
  const len = (b: Buffer) => Buffer.from([0, 0, (b.length >> 8) & 255, b.length & 255])
  return `ssh-ed25519 ${Buffer.concat([len(type), type, len(raw), raw]).toString('base64')} ${comment}`
}
