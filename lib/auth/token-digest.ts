import { hash, randomBytes } from 'node:crypto'

/** Tokens are stored as sha256 digests: high-entropy secrets need no slow hash, and lookup stays indexed. */
// crypto.hash is the one-shot form (no Hash object per call): every authenticated request digests.
export const digestToken = (plain: string) => hash('sha256', plain, 'hex')

/** GitLab's personal access token format: `glpat-` and 20+ url-safe characters. */
export const newTokenValue = (prefix = 'glpat-') => `${prefix}${randomBytes(20).toString('base64url')}`
