// Streams with a ceiling, for bytes that come from someone else (a migration source, an uploaded
// archive): count while the bytes pass and stop at the limit, so neither memory, the temp folder
// nor the event loop pays for what is past it. Inflation is zlib's streaming Gunzip (work on the
// thread pool, chunk by chunk), never gunzipSync, whose output has no bound and blocks the process.
import { Transform, type TransformCallback } from 'node:stream'

/** A limit was passed; the message is meant for the user (an import failure reason, a 400). */
export class LimitError extends Error {}

/**
 * Passes bytes through until more than `max` (0: no limit) went by, then fails with `message(size)`.
 * The failure is also kept on `.error`: when a pipeline tears down, another stage's AbortError can
 * reach the caller first, and the reason the user must see is this one.
 */
export class ByteLimit extends Transform {
  error: LimitError | undefined
  private size = 0

  constructor(
    private readonly max: number,
    private readonly message: (size: number) => string,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length
    if (this.max > 0 && this.size > this.max) done((this.error = new LimitError(this.message(this.size))))
    else done(null, chunk)
  }
}

export const byteLimit = (max: number, message: (size: number) => string) => new ByteLimit(max, message)

/**
 * The records of an NDJSON stream, one JSON document per line, each line at most `maxLine` bytes
 * (GitLab's NdjsonReader reads lines of at most 50 MB: MAX_JSON_DOCUMENT_SIZE).
 */
export async function* ndjsonRecords(source: AsyncIterable<Buffer | string>, maxLine: number): AsyncGenerator {
  let pending: Buffer[] = []
  let pendingSize = 0
  const flush = function* (line: Buffer) {
    const text = line.toString('utf8').trim()
    if (!text) return
    try {
      yield JSON.parse(text) as unknown
    } catch {
      throw new LimitError('Incorrect JSON format')
    }
  }
  for await (const piece of source) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a)) {
      const line = pending.length ? Buffer.concat([...pending, chunk.subarray(0, nl)]) : chunk.subarray(0, nl)
      pending = []
      pendingSize = 0
      if (line.length > maxLine) throw new LimitError(`A record is larger than ${maxLine} bytes`)
      yield* flush(line)
      chunk = chunk.subarray(nl + 1)
    }
    pendingSize += chunk.length
    if (pendingSize > maxLine) throw new LimitError(`A record is larger than ${maxLine} bytes`)
    if (chunk.length) pending.push(chunk)
  }
  if (pending.length) yield* flush(Buffer.concat(pending))
}

/** One JSON document of at most `max` bytes. */
export async function jsonDocument(source: AsyncIterable<Buffer | string>, max: number): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece
    size += chunk.length
    if (size > max) throw new LimitError(`A record is larger than ${max} bytes`)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8').trim()
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    throw new LimitError('Incorrect JSON format')
  }
}

/** GitLab's Gitlab::ImportExport::Json::NdjsonReader::MAX_JSON_DOCUMENT_SIZE (50 MB). */
export const MAX_JSON_DOCUMENT_SIZE = 50 * 1024 * 1024
