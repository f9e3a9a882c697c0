import { createHash, randomBytes } from 'node:crypto'

/** Tokens are stored as sha256 digests: high-entropy secrets need no slow hash, and lookup stays indexed. */
export const digestToken = (plain: string) => createHash('sha256').update(plain).digest('hex')

/** GitLab's personal access token format: `glpat-` and 20+ url-safe characters. */
export const newTokenValue = (prefix = 'glpat-') => `${prefix}${randomBytes(20).toString('base64url')}`
