import { randomBytes } from 'node:crypto'

/** A 40-hex commit id. The product manages refs, not git objects, so ids are random but stable. */
export const newCommitSha = () => randomBytes(20).toString('hex')
