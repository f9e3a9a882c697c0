import { createHash, randomBytes } from 'node:crypto'

/** A 40-hex commit id. The product manages refs, not git objects, so ids are random but stable. */
export const newCommitSha = () => randomBytes(20).toString('hex')

/** git's blob id of a file's content: sha1 of "blob <size>\0<content>". */
export const blobSha = (content: Buffer) =>
  createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex')
