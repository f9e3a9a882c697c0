// The one comparison for secrets (tokens, passwords' derived keys, digests, CSRF tokens, shared
// secrets). `===` stops at the first differing character, so its time tells an attacker how much
// of a guess was right; timingSafeEqual does not, but throws on inputs of different lengths, and a
// length check before it leaks the length. Hashing both sides to sha256 first gives two 32-byte
// digests, compared in constant time whatever was passed. lib/tooling/secret-compare.test.ts fails
// on a new `===`/`!==` between secret-named values anywhere in lib/, app/ and components/.
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (v: string | Uint8Array) => createHash('sha256').update(v).digest()

/** Whether two secrets are equal, in time independent of their content and length. */
export function safeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return timingSafeEqual(digest(a), digest(b))
}
