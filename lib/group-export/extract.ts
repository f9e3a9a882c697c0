// Reading an uploaded group export archive under GitLab's limits (its ImportService's
// FileImporter and DecompressedArchiveSizeValidator), applied while the bytes stream rather than
// after: the upload at most max_import_size MiB (0: no limit, GitLab's default since 13.8), its
// decompressed content at most max_decompressed_archive_size MiB (GitLab's default 25600; 0: no
// limit), the whole within decompress_archive_file_timeout seconds (GitLab's 210). Inflation is
// zlib's streaming Gunzip; the tar reader is fed only what passed the counter, so a gzip bomb
// stops at the limit whether the archive is listed (the request's check) or extracted (the task).
import { createReadStream } from 'node:fs'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import type { Parser } from 'tar'
import { currentSettings } from '../settings/service'
import { byteLimit, jsonDocument, LimitError, MAX_JSON_DOCUMENT_SIZE, ndjsonRecords } from '../util/bounded-stream'

const MIB = 1024 * 1024

export interface ArchiveLimits {
  /** bytes; 0: no limit */
  maxImportBytes: number
  /** bytes; 0: no limit */
  maxDecompressedBytes: number
  /** ms; 0: no limit */
  timeoutMs: number
}

const mib = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0)

/** The limits as the settings stand now (read through the settings service). */
export async function archiveLimits(): Promise<ArchiveLimits> {
  const s = await currentSettings()
  return {
    maxImportBytes: mib(s.max_import_size) * MIB,
    maxDecompressedBytes: mib(s.max_decompressed_archive_size) * MIB,
    timeoutMs: mib(s.decompress_archive_file_timeout) * 1000,
  }
}

/** Why an archive is refused, for the user: a 400 at upload, the failure reason of an import. */
export class ArchiveError extends Error {}

// A second compression layer inside the tar would be inflated by the tar reader itself, past the
// counter: gzip and zstd magic numbers at the start of the inflated stream are refused.
const NESTED_MAGIC = [Buffer.from([0x1f, 0x8b]), Buffer.from([0x28, 0xb5, 0x2f, 0xfd])]

// A tar archive is whole 512-byte blocks. tar's Parser reports an entry whose data is cut short,
// but drops a cut header silently at the end of its input, so an archive cut there would be read
// as a shorter, valid one (GNU tar, GitLab's extractor, fails it: "Unexpected EOF in archive").
const TAR_BLOCK = 512

/**
 * A Writable over tar's Parser (or Unpack), which is an event emitter with write/end but no stream.
 * Its own failure is kept on `failure` (a pipeline's teardown may report an AbortError instead).
 */
function intoTar(parser: Parser): { sink: Writable; failure: () => Error | undefined } {
  let failure: Error | undefined
  let first = true
  let size = 0
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (first) {
        first = false
        if (NESTED_MAGIC.some((m) => chunk.subarray(0, m.length).equals(m))) {
          done((failure = new ArchiveError('Invalid file: the archive is compressed twice')))
          return
        }
      }
      if (parser.write(chunk)) done()
      else parser.once('drain', () => done())
    },
    final(done) {
      if (size % TAR_BLOCK !== 0) {
        done(
          (failure = new ArchiveError(
            `Invalid file: the archive is truncated (${size} bytes, not whole ${TAR_BLOCK}-byte tar blocks)`,
          )),
        )
        return
      }
      parser.once('close', () => done())
      parser.end()
    },
  })
  parser.on('error', (e: Error) => sink.destroy((failure ??= e)))
  return { sink, failure: () => failure }
}

/**
 * Streams the tar.gz `bytes` into `parser` (a tar Parser listing it, or an Unpack writing it out)
 * under the limits. Throws ArchiveError with the reason when a limit is passed or the archive is
 * broken.
 */
export async function readArchive(bytes: Uint8Array, parser: Parser, limits: ArchiveLimits): Promise<void> {
  const { maxImportBytes, maxDecompressedBytes, timeoutMs } = limits
  if (maxImportBytes > 0 && bytes.length > maxImportBytes)
    throw new ArchiveError(`The archive is larger than the maximum import size (${maxImportBytes / MIB} MiB)`)
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw new ArchiveError('Invalid file: not a tar.gz archive')
  const tar = intoTar(parser)
  const inflated = byteLimit(
    maxDecompressedBytes,
    () => `Decompressed archive size limit reached (max_decompressed_archive_size: ${maxDecompressedBytes / MIB} MiB)`,
  )
  try {
    await pipeline(
      Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
      createGunzip(),
      inflated,
      tar.sink,
      timeoutMs > 0 ? { signal: AbortSignal.timeout(timeoutMs) } : {},
    )
  } catch (thrown) {
    // The first failure is the reason; the teardown's AbortErrors that may reach here are not.
    if (inflated.error) throw new ArchiveError(inflated.error.message)
    const e: unknown = tar.failure() ?? thrown
    if (e instanceof ArchiveError) throw e
    if (e instanceof LimitError) throw new ArchiveError(e.message)
    const err = e as Error
    if (err.name === 'AbortError' || err.name === 'TimeoutError')
      throw new ArchiveError(`Timeout of ${timeoutMs / 1000} seconds reached during archive decompression`)
    throw new ArchiveError(`Invalid file: ${err.message.replace(/\n[\s\S]*/, '')}`)
  }
}

/**
 * The import task's extractor into `dir` (its own temp folder). The request's check
 * (inspect.ts) refuses links, absolute and `..` names before the task exists; this holds anyway:
 * only files and directories are written (links are skipped), and tar's Unpack, strict, fails on
 * a `..` name and on an absolute one (which it would otherwise write below `dir`, its `/` stripped).
 */
export async function unpackInto(dir: string): Promise<Parser> {
  const { Unpack } = await import('tar')
  return new Unpack({
    cwd: dir,
    strict: true,
    filter: (_p, e) => !('type' in e) || e.type === 'File' || e.type === 'Directory' || e.type === 'OldFile',
  })
}

/** One extracted JSON file, at most MAX_JSON_DOCUMENT_SIZE (GitLab's NdjsonReader). */
export async function readJsonFile(path: string): Promise<unknown> {
  try {
    return await jsonDocument(createReadStream(path), MAX_JSON_DOCUMENT_SIZE)
  } catch (e) {
    if (e instanceof LimitError) throw new ArchiveError(e.message)
    throw e
  }
}

/** The records of an extracted NDJSON file, each line at most MAX_JSON_DOCUMENT_SIZE; none when it is absent. */
export async function readNdjsonFile(path: string): Promise<unknown[]> {
  const out: unknown[] = []
  try {
    for await (const r of ndjsonRecords(createReadStream(path), MAX_JSON_DOCUMENT_SIZE)) out.push(r)
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return []
    if (e instanceof LimitError) throw new ArchiveError(e.message)
    throw e
  }
  return out
}
