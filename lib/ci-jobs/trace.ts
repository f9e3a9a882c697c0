// Job logs: appended in chunks (one row per PATCH at its byte offset, never one growing column).
// An append must start where the stored log ends; the size moves by compare-and-swap, so two
// appends racing for one offset cannot both land.
import { getDb } from '../db'
import type { Job } from '../db'

export type AppendResult = { ok: true; size: number } | { ok: false; size: number }

export async function appendTrace(
  job: Pick<Job, 'id' | 'traceSize'>,
  start: number,
  bytes: Uint8Array,
): Promise<AppendResult> {
  const db = await getDb()
  const current = async () =>
    (await db.job.findUniqueOrThrow({ where: { id: job.id }, select: { traceSize: true } })).traceSize
  if (!Number.isInteger(start) || start !== job.traceSize) return { ok: false, size: await current() }
  if (!bytes.length) return { ok: true, size: start }
  const end = start + bytes.length
  const done = await db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: { id: job.id, traceSize: start }, data: { traceSize: end } })
    if (count !== 1) return false
    await tx.jobTraceChunk.create({ data: { jobId: job.id, offset: start, data: Buffer.from(bytes) } })
    return true
  })
  return done ? { ok: true, size: end } : { ok: false, size: await current() }
}
