import { describe, expect, it } from 'vitest'
import { newEd25519Line } from '../../test/ssh-key'
import { parsePublicKey } from './key-format'

describe('parsePublicKey', () => {
  it('parses an ed25519 key and computes both fingerprints', () => {
    const k = parsePublicKey(newEd25519Line())!
    expect(k.type).toBe('ssh-ed25519')
    expect(k.fingerprintSha256).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/)
    expect(k.fingerprintMd5).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/)
    expect(k.normalized.split(' ')).toHaveLength(2)
  })
  it('rejects unknown types, bad base64 and blobs of another type', () => {
    expect(parsePublicKey('ssh-foo AAAA')).toBeNull()
    expect(parsePublicKey('ssh-ed25519 not*base64')).toBeNull()
    const ed = newEd25519Line().split(' ')[1]
    expect(parsePublicKey(`ssh-rsa ${ed}`)).toBeNull()
    expect(parsePublicKey('')).toBeNull()
  })
})
