// The source side of a migration step: ask the source GitLab to export a portable's relations
// (export_relations), poll its status until every wanted relation finished, download each one.
// A download is a stream with two ceilings, as GitLab's FileDownloadService and
// FileDecompressionService: the gzip at most bulk_import_max_download_file_size, its content at
// most max_decompressed_archive_size, each record at most 50 MB. A hostile source's gzip bomb
// stops at the cap and fails the relation with a reason; the process keeps serving meanwhile.
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { humanSize, OutboundError } from '../outbound/request'
import { currentSettings } from '../settings/service'
import { byteLimit, jsonDocument, LimitError, MAX_JSON_DOCUMENT_SIZE, ndjsonRecords } from '../util/bounded-stream'
import { type SourceClient, downloadLimit, SourceError } from './client'

const POLL_FIRST_MS = 50
const POLL_MAX_MS = 1000
const EXPORT_TIMEOUT_MS = 5 * 60_000

/** What a relations export needs of the running migration. */
export interface SourceSession {
  client: SourceClient
  /** Throws when the migration was canceled: checked between polls. */
  checkCanceled: () => Promise<void>
}

/** Exports the portable's relations on the source and yields each finished relation's records. */
export async function exportedRelations(
  ctx: SourceSession,
  kind: 'groups' | 'projects',
  fullPath: string,
  wanted: string[],
): Promise<Map<string, Record<string, unknown>[]>> {
  const path = `/${kind}/${encodeURIComponent(fullPath)}/export_relations`
  const started = await ctx.client.post(path)
  if (started !== 202) throw new SourceError(`The source refused the relations export (${started})`, started)
  const deadline = Date.now() + EXPORT_TIMEOUT_MS
  // Small exports finish within a few hundred milliseconds: poll fast first, then back off.
  for (let wait = POLL_FIRST_MS; ; wait = Math.min(wait * 2, POLL_MAX_MS)) {
    await ctx.checkCanceled()
    const status = await ctx.client.get<{ relation: string; status: number }[]>(`${path}/status`)
    const rows = Array.isArray(status.body) ? status.body.filter((r) => wanted.includes(r.relation)) : []
    if (rows.length && rows.every((r) => r.status === 1 || r.status === -1)) break
    if (Date.now() > deadline) throw new SourceError('The source did not finish the relations export in time')
    await new Promise((r) => setTimeout(r, wait))
  }
  const out = new Map<string, Record<string, unknown>[]>()
  for (const relation of wanted) {
    const res = await ctx.client.stream(`${path}/download`, { relation })
    if (res.status !== 200) {
      res.body.destroy()
      continue
    }
    out.set(relation, await relationRecords(res.body, relation))
  }
  return out
}

const MIB = 1024 * 1024
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A relation file (ndjson.gz; `self` is one JSON document), inflated as it arrives, under the caps. */
async function relationRecords(
  body: AsyncIterable<Buffer> & NodeJS.ReadableStream,
  relation: string,
): Promise<Record<string, unknown>[]> {
  const maxDownload = await downloadLimit()
  const decompressedMiB = Number((await currentSettings()).max_decompressed_archive_size ?? 0)
  const maxDecompressed = Number.isFinite(decompressedMiB) && decompressedMiB > 0 ? decompressedMiB * MIB : 0
  const records: Record<string, unknown>[] = []
  const downloaded = byteLimit(
    maxDownload,
    (size) => `File size ${humanSize(size)} exceeds limit of ${humanSize(maxDownload)}`,
  )
  let parsing: unknown
  const inflated = byteLimit(
    maxDecompressed,
    () => `File decompression error: the decompressed size exceeds limit of ${humanSize(maxDecompressed)}`,
  )
  try {
    await pipeline(body, downloaded, createGunzip(), inflated, async (text: AsyncIterable<Buffer>) => {
      try {
        if (relation === 'self') {
          const doc = await jsonDocument(text, MAX_JSON_DOCUMENT_SIZE)
          records.push(isRecord(doc) ? doc : {})
        } else for await (const r of ndjsonRecords(text, MAX_JSON_DOCUMENT_SIZE)) if (isRecord(r)) records.push(r)
      } catch (e) {
        parsing = e
        throw e
      }
    })
  } catch (thrown) {
    // The first failure is the reason; the teardown's AbortErrors that may reach here are not.
    const e = downloaded.error ?? inflated.error ?? parsing ?? thrown
    if (e instanceof LimitError || e instanceof OutboundError)
      throw new SourceError(`Relation ${relation}: ${e.message}`)
    const err = e as NodeJS.ErrnoException
    // zlib's own errors (not gzip, truncated) and a source that hung up are the source's failure.
    if (err.code?.startsWith('Z_') || err.code === 'ECONNRESET' || err.name === 'AbortError')
      throw new SourceError(`Relation ${relation}: ${err.message}`)
    throw e
  }
  return records
}
