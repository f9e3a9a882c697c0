// Runner contact (contacted_at, version, platform, architecture, ip, and one manager per
// system_id), recorded without a database write on every poll: a contact is written when the
// stored one is older than CONTACT_WRITE_MS or the runner's details changed. The check reads
// the stored values (cached in this process), so idle polls of any number of processes write
// nothing between two refreshes. GitLab does the same with UPDATE_CONTACT_COLUMN_EVERY.
import { getDb } from '../db'
import type { Runner } from '../db'
import { processState } from '../util/process-state'

export const CONTACT_WRITE_MS = 60_000

export interface RunnerContact {
  systemId?: string | null
  ip?: string | null
  info?: Record<string, unknown> | null
}

interface Seen {
  at: number
  details: string
  managerId: number | null
}
const contacts = processState('runners.contacts', () => new Map<string, Seen>())
const seen = () => contacts

const str = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 255) : null)

/** Records the contact if due; returns the manager of `systemId` (null without one). */
export async function noteRunnerContact(runner: Runner, contact: RunnerContact): Promise<{ managerId: number | null }> {
  const info = contact.info ?? {}
  const details = {
    version: str(info.version),
    revision: str(info.revision),
    platform: str(info.platform),
    architecture: str(info.architecture),
    ipAddress: str(contact.ip),
  }
  const systemId = str(contact.systemId)
  const key = `${runner.id}:${systemId ?? ''}`
  const fingerprint = JSON.stringify(details)
  const now = Date.now()
  const cached = seen().get(key)
  if (cached && cached.details === fingerprint && now - cached.at < CONTACT_WRITE_MS)
    return { managerId: cached.managerId }

  const db = await getDb()
  const name = str(info.name)
  // Another process may have written it moments ago: the runner row read at authentication says.
  const fresh = runner.contactedAt && now - runner.contactedAt.getTime() < CONTACT_WRITE_MS
  const same = (Object.keys(details) as (keyof typeof details)[]).every(
    (k) => details[k] === null || runner[k] === details[k],
  )
  if (!(fresh && same)) {
    await db.runner.updateMany({
      where: { id: runner.id },
      data: {
        contactedAt: new Date(now),
        ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null)),
        ...(name && !runner.name ? { name } : {}),
      },
    })
  }
  let managerId: number | null = null
  if (systemId) {
    const manager = await db.runnerManager.findUnique({
      where: { runnerId_systemId: { runnerId: runner.id, systemId } },
    })
    const managerFresh = manager?.contactedAt && now - manager.contactedAt.getTime() < CONTACT_WRITE_MS
    const managerSame =
      manager &&
      (Object.keys(details) as (keyof typeof details)[]).every((k) => details[k] === null || manager[k] === details[k])
    if (manager && managerFresh && managerSame) managerId = manager.id
    else {
      const data = {
        contactedAt: new Date(now),
        ...Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null)),
      }
      const row = await db.runnerManager.upsert({
        where: { runnerId_systemId: { runnerId: runner.id, systemId } },
        create: { runnerId: runner.id, systemId, ...data },
        update: data,
      })
      managerId = row.id
    }
  }
  if (seen().size > 100_000) seen().clear()
  seen().set(key, { at: now, details: fingerprint, managerId })
  return { managerId }
}

/** Forgets cached contacts of a runner (deleted, or its managers removed). */
/** Removes one manager (system_id) of a runner; false when it has none by that id. */
export async function deleteRunnerManager(runnerId: number, systemId: string): Promise<boolean> {
  const { count } = await (await getDb()).runnerManager.deleteMany({ where: { runnerId, systemId } })
  if (count) forgetRunnerContacts(runnerId)
  return count > 0
}

export function forgetRunnerContacts(runnerId: number): void {
  for (const key of seen().keys()) if (key.startsWith(`${runnerId}:`)) seen().delete(key)
}
