// Application settings: defaults overlaid with the stored rows, kept per process for the write
// generation (runtime/generation-cache.ts): a change made through any process applies from the next
// request everywhere. A PUT writes only the keys it sends, in one transaction with its history row,
// so concurrent PUTs of different keys both persist and a rejected PUT changes nothing.
import type { Actor } from '../auth/actor'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { generationCache, getDb } from '../db'
import { SETTINGS, SETTINGS_BY_KEY } from './definitions'
import { decryptSecret, encryptSecret, MASK } from './secrets'
import { checkModel, checkRequires } from './validate'
import { processState } from '../util/process-state'

export type SettingsValues = Record<string, unknown> & { id: 1; created_at: string; updated_at: string }

const cache = generationCache<'settings', SettingsValues>('settings')
const g = processState('settings', () => ({
  /** Settings a test holds in place of the stored ones (holdSettings), until a moment. */
  held: undefined as { value: Promise<SettingsValues>; until: number } | undefined,
  json: undefined as { of: SettingsValues; json: string } | undefined,
}))

async function load(): Promise<SettingsValues> {
  const db = await getDb()
  const rows = await db.applicationSetting.findMany()
  const values: Record<string, unknown> = {}
  for (const d of SETTINGS) values[d.key] = d.default
  let created = rows[0]?.createdAt ?? null
  let updated = rows[0]?.updatedAt ?? null
  for (const row of rows) {
    const def = SETTINGS_BY_KEY.get(row.key)
    if (!def) continue
    const raw = JSON.parse(row.value) as unknown
    values[row.key] = def.secret && typeof raw === 'string' ? decryptSecret(raw) : raw
    if (created && row.createdAt < created) created = row.createdAt
    if (updated && row.updatedAt > updated) updated = row.updatedAt
  }
  const epoch = await installTime()
  return {
    id: 1,
    ...values,
    created_at: (created ?? epoch).toISOString(),
    updated_at: (updated ?? epoch).toISOString(),
  }
}

/**
 * When settings were first read: their `created_at` before anything is stored. Read before it is
 * written: a write on every load would move the write generation and drop the very cache it fills.
 */
async function installTime(): Promise<Date> {
  const db = await getDb()
  const key = 'settings.created_at'
  const row =
    (await db.systemValue.findUnique({ where: { key } })) ??
    (await db.systemValue.upsert({ where: { key }, create: { key, value: new Date().toISOString() }, update: {} }))
  return new Date(row.value)
}

/** The settings as committed before this request began (its own writes included). */
export function currentSettings(): Promise<SettingsValues> {
  const held = g.held
  if (held && held.until > Date.now()) return held.value
  return cache.read('settings', load)
}

/**
 * Makes `values` this process's settings for `ms` (undefined: the stored ones again). Tests use it
 * to stand in for stored rows without disturbing other test files sharing the database.
 */
export function holdSettings(values: SettingsValues | undefined, ms = 60_000): void {
  g.held = values && { value: Promise.resolve(values), until: Date.now() + ms }
}

const DECIMALS = SETTINGS.filter((d) => d.decimal).map((d) => d.key)

/** BigDecimal as Rails writes it into JSON: a string, with ".0" on whole numbers. */
export const decimalString = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n))

/** The read model as GitLab serialises it: decimal settings as strings, everything else as stored. */
export function presentSettings(values: SettingsValues): SettingsValues {
  const out: SettingsValues = { ...values }
  for (const key of DECIMALS) if (typeof out[key] === 'number') out[key] = decimalString(out[key])
  return out
}

/** The read model serialized once per cache fill (GET /application/settings is on the bench). */
export async function currentSettingsJson(): Promise<string> {
  const values = await currentSettings()
  const hit = g.json
  if (hit && hit.of === values) return hit.json
  const json = JSON.stringify(presentSettings(values))
  g.json = { of: values, json }
  return json
}

export async function setting<T = unknown>(key: string): Promise<T> {
  return (await currentSettings())[key] as T
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export async function updateSettings(actor: Actor, update: Record<string, unknown>): Promise<SettingsValues> {
  checkRequires(update)
  checkModel(update)
  const keys = Object.keys(update).filter((key) => SETTINGS_BY_KEY.has(key))
  if (keys.length) {
    const db = await getDb()
    await db.$transaction(async (tx) => {
      // The values before, read in the transaction that writes (history shows what really changed,
      // even beside a concurrent PUT), and only the keys sent: no other secret is decrypted.
      const stored = new Map(
        (await tx.applicationSetting.findMany({ where: { key: { in: keys } } })).map((row) => [row.key, row.value]),
      )
      const before = (key: string) => {
        const def = SETTINGS_BY_KEY.get(key)!
        const row = stored.get(key)
        if (row === undefined) return def.default
        const raw = JSON.parse(row) as unknown
        return def.secret && typeof raw === 'string' ? decryptSecret(raw) : raw
      }
      const changes = keys
        .filter((key) => !same(before(key), update[key]))
        .map((key) =>
          SETTINGS_BY_KEY.get(key)!.secret
            ? { key, from: MASK, to: MASK }
            : { key, from: before(key), to: update[key] },
        )
      if (!changes.length) return
      for (const { key } of changes) {
        const value = update[key]
        const json = JSON.stringify(
          SETTINGS_BY_KEY.get(key)!.secret && typeof value === 'string' && value ? encryptSecret(value) : value,
        )
        await tx.applicationSetting.upsert({
          where: { key },
          create: { key, value: json, updatedById: actor.user.id },
          update: { value: json, updatedById: actor.user.id },
        })
      }
      await tx.applicationSettingChange.create({ data: { userId: actor.user.id, changes: JSON.stringify(changes) } })
    })
  }
  return currentSettings()
}

export async function settingsHistory(window: PageWindow) {
  const db = await getDb()
  return offsetList(
    'applicationSettingChange',
    undefined,
    window,
    db.applicationSettingChange.findMany({ orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
  )
}
