// Git's object ids for snippet versions, so a version sha looks and behaves like a commit id:
// blob = sha1("blob <bytes>\0<content>"), tree over (mode, path, blob), commit over tree, parent,
// author, time and message. Nothing reads them back as git objects; they only have to be stable.
import { createHash } from 'node:crypto'

export interface FileRef {
  path: string
  blob: string
}

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('hex')

export const byteSize = (content: string) => Buffer.byteLength(content, 'utf8')

export function blobSha(content: string): string {
  const body = Buffer.from(content, 'utf8')
  return sha1(Buffer.concat([Buffer.from(`blob ${body.length}\0`), body]))
}

/** A flat tree (paths may contain '/', which git would nest; the id only needs to be stable). */
export function treeSha(files: readonly FileRef[]): string {
  const entries = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const body = Buffer.concat(
    entries.map((f) => Buffer.concat([Buffer.from(`100644 ${f.path}\0`), Buffer.from(f.blob, 'hex')])),
  )
  return sha1(Buffer.concat([Buffer.from(`tree ${body.length}\0`), body]))
}

export function commitSha(input: {
  tree: string
  parent: string | null
  author: string
  email: string
  at: Date
  message: string
}): string {
  const stamp = `${Math.floor(input.at.getTime() / 1000)} +0000`
  const text = [
    `tree ${input.tree}`,
    ...(input.parent ? [`parent ${input.parent}`] : []),
    `author ${input.author} <${input.email}> ${stamp}`,
    `committer ${input.author} <${input.email}> ${stamp}`,
    '',
    input.message,
  ].join('\n')
  return sha1(`commit ${Buffer.byteLength(text)}\0${text}`)
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const

/** Rails' number_to_human_size (precision 3 significant digits, insignificant zeros stripped). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'Byte' : 'Bytes'}`
  let value = bytes
  let unit = -1
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${Number(value.toPrecision(3))} ${UNITS[unit]!}` // bytes >= 1024: the loop ran at least once
}
