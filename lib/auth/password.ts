// Password hashing with scrypt (node:crypto; no native dependency). Format: scrypt$N$r$p$salt$hash.
import { randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto'
import { processState } from '../util/process-state'
import { safeEqual } from '../util/safe-equal'

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  )

const N = 16384
const R = 8
const P = 1

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, 32, { N, r: R, p: P })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

/**
 * How many scrypt verifications this process ran: the sign-in throttles promise that a refused
 * attempt costs none, and test/integration/console-sessions.test.ts holds them to it by this count.
 */
export const passwordChecks = processState('auth.passwordChecks', () => ({ count: 0 }))

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false
  const [alg, n, r, p, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !salt || !hash) return false
  passwordChecks.count++
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return safeEqual(expected, actual)
}
