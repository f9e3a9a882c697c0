// The source side of a migration step: ask the source GitLab to export a portable's relations
// (export_relations), poll its status until every wanted relation finished, download each one.
import { gunzipSync } from 'node:zlib'
import { type SourceClient, SourceError } from './client'

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
export async function exportedRelations(ctx: SourceSession, kind: 'groups' | 'projects', fullPath: string, wanted: string[]): Promise<Map<string, Record<string, unknown>[]>> {
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
    const file = await ctx.client.download(`${path}/download`, { relation })
    if (file.status !== 200) continue
    const text = gunzipSync(file.bytes).toString('utf8')
    out.set(
      relation,
      relation === 'self'
        ? [JSON.parse(text || '{}') as Record<string, unknown>]
        : text
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l) as Record<string, unknown>),
    )
  }
  return out
}
