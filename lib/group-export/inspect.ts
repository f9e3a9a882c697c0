// Checks an uploaded group export archive before anything is created (GitLab's
// Gitlab::ImportExport::FileImporter and DecompressedArchiveSizeValidator): a readable tar.gz,
// within max_import_size, only plain files and directories, no absolute or `..` paths, and
// GitLab's NDJSON tree (tree/groups/_all.ndjson). Anything else is a 400 and nothing is made.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { badRequest } from '../api/errors'

export const ALL_GROUPS = 'tree/groups/_all.ndjson'

const clean = (p: string) => p.replace(/^\.\//, '')

export async function inspectArchive(bytes: Uint8Array, maxMiB: number): Promise<void> {
  if (maxMiB > 0 && bytes.length > maxMiB * 1024 * 1024) throw badRequest(`The archive is larger than the maximum import size (${maxMiB} MiB)`)
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw badRequest('Invalid file: not a tar.gz archive')
  const dir = await mkdtemp(join(tmpdir(), 'group-import-check-'))
  const file = join(dir, 'upload.tar.gz')
  const names = new Set<string>()
  let problem: string | null = null
  let unpacked = 0
  try {
    await writeFile(file, bytes)
    const { list } = await import('tar')
    await list({
      file,
      strict: true,
      onReadEntry: (e) => {
        const path = clean(e.path)
        unpacked += e.size
        if (e.type !== 'File' && e.type !== 'Directory' && e.type !== 'OldFile') problem ??= `Invalid file: the archive contains a ${e.type.toLowerCase()} (${path})`
        else if (path.startsWith('/') || path.split('/').includes('..')) problem ??= `Invalid file: the archive contains a path outside it (${path})`
        names.add(path)
      },
    })
  } catch (e) {
    throw badRequest(`Invalid file: ${(e as Error).message.replace(/\n[\s\S]*/, '')}`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  // onReadEntry above sets it; narrowing cannot follow the callback.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (problem) throw badRequest(problem)
  if (maxMiB > 0 && unpacked > maxMiB * 1024 * 1024 * 10) throw badRequest('The archive is too large once decompressed')
  if (!names.has(ALL_GROUPS)) throw badRequest('Invalid file: the archive has no tree/groups/_all.ndjson (GitLab NDJSON group export)')
}
