// Checks an uploaded group export archive before anything is created (GitLab's
// Gitlab::ImportExport::FileImporter and DecompressedArchiveSizeValidator): a readable tar.gz
// within the archive limits (extract.ts: max_import_size, max_decompressed_archive_size, the
// decompression timeout, enforced while it streams), only plain files and directories, no
// absolute or `..` paths, and GitLab's NDJSON tree (tree/groups/_all.ndjson). Anything else is a
// 400 and nothing is made.
import { Parser } from 'tar'
import { badRequest } from '../api/errors'
import { ArchiveError, readArchive, type ArchiveLimits } from './extract'

export const ALL_GROUPS = 'tree/groups/_all.ndjson'

const clean = (p: string) => p.replace(/^\.\//, '')

export async function inspectArchive(bytes: Uint8Array, limits: ArchiveLimits): Promise<void> {
  const names = new Set<string>()
  let problem: string | null = null
  const parser = new Parser({
    strict: true,
    onReadEntry: (e) => {
      const path = clean(e.path)
      if (e.type !== 'File' && e.type !== 'Directory' && e.type !== 'OldFile')
        problem ??= `Invalid file: the archive contains a ${e.type.toLowerCase()} (${path})`
      else if (path.startsWith('/') || path.split('/').includes('..'))
        problem ??= `Invalid file: the archive contains a path outside it (${path})`
      names.add(path)
      e.resume()
    },
  })
  try {
    await readArchive(bytes, parser, limits)
  } catch (e) {
    if (e instanceof ArchiveError) throw badRequest(e.message)
    throw e
  }
  // onReadEntry above sets it; narrowing cannot follow the callback.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (problem) throw badRequest(problem)
  if (!names.has(ALL_GROUPS))
    throw badRequest('Invalid file: the archive has no tree/groups/_all.ndjson (GitLab NDJSON group export)')
}
