// The outbox: mail that could not be sent because no SMTP server is configured, one JSON file per
// message under $DATA_DIR/outbox, readable by administrators in the console (a debugging aid, not
// a queue: nothing resends it).
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { config } from '../config'
import type { MailMessage } from './types'

export interface OutboxEntry extends MailMessage {
  id: string
  from: string
  created_at: string
}

const dir = () => path.join(config().dataDir, 'outbox')
/** File names sort by time (ISO stamp first), so a listing is a sort of names, not of contents. */
const ID_RE = /^[0-9TZ:.-]+-[0-9a-f]{8}$/

export async function writeOutbox(message: MailMessage, from: string): Promise<OutboxEntry> {
  const createdAt = new Date().toISOString()
  const id = `${createdAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}`
  const entry: OutboxEntry = { id, from, ...message, created_at: createdAt }
  await mkdir(dir(), { recursive: true, mode: 0o700 })
  // 0600: the bodies hold accept-link tokens. Written under a name the listing ignores, then renamed
  // (atomic on one file system): a listing running beside the write never reads half a file.
  const final = path.join(dir(), `${id}.json`)
  await writeFile(`${final}.part`, JSON.stringify(entry), { mode: 0o600 })
  await rename(`${final}.part`, final)
  return entry
}

async function ids(): Promise<string[]> {
  try {
    return (await readdir(dir()))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .filter((id) => ID_RE.test(id))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
}

/** Newest first; `skip`/`take` page over the file names, only the page's files are read. */
export async function listOutbox(skip: number, take: number): Promise<{ items: OutboxEntry[]; total: number }> {
  const all = (await ids()).sort().reverse()
  const page = all.slice(skip, skip + take)
  const items = await Promise.all(
    page.map(async (id) => JSON.parse(await readFile(path.join(dir(), `${id}.json`), 'utf8')) as OutboxEntry),
  )
  return { items, total: all.length }
}

/** How many messages the outbox holds (a directory listing; no file is read). */
export async function outboxSize(): Promise<number> {
  return (await ids()).length
}
