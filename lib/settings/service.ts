// Application settings: defaults overlaid with the stored rows, cached per process for up to 60 s
// (the spec's rule); the process that writes refreshes its cache at once, every other process when
// its change-stamp poll sees the commit (lib/db/change-stamp.ts: well within 1 s). A PUT writes only the
// keys it sends, in one transaction with its history row, so concurrent PUTs of different keys
// both persist and a rejected PUT changes nothing.
import type { Actor } from '../auth/actor'
import { cappedCount, offsetPage, type PageWindow } from '../api/pagination'
import { getDb } from '../db'
import { SETTINGS, SETTINGS_BY_KEY } from './definitions'
import { decryptSecret, encryptSecret, MASK } from './secrets'
import { checkModel, checkRequires } from './validate'
import { processState } from '../runtime/state'
import { epoch, onForeignChange } from '../runtime/invalidation'

export type SettingsValues = Record<string, unknown> & { id: 1; created_at: string; updated_at: string }

const CACHE_MS = 60_000
const g = processState('settings', () => ({
  values: undefined as { value: Promise<SettingsValues>; until: number; held?: true } | undefined,
  json: undefined as { of: Promise<SettingsValues>; json: Promise<string> } | undefined,
}))
onForeignChange('settings', () => {
  if (!g.values?.held) g.values = undefined
})

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
  return { id: 1, ...values, created_at: (created ?? epoch).toISOString(), updated_at: (updated ?? epoch).toISOString() }
}

/** When settings were first read: their `created_at` before anything is stored. */
async function installTime(): Promise<Date> {
  const db = await getDb()
  const row = await db.systemValue.upsert({ where: { key: 'settings.created_at' }, create: { key: 'settings.created_at', value: new Date().toISOString() }, update: {} })
  return new Date(row.value)
}

/** The settings, at most 60 s old (this process's own writes are visible at once). */
export function currentSettings(): Promise<SettingsValues> {
  const hit = g.values
  if (hit && hit.until > Date.now()) return hit.value
  const began = epoch()
  const value = load()
  const entry = { value, until: Date.now() + CACHE_MS }
  g.values = entry
  // Loaded across another process's commit: serve it, but read again next time.
  const forget = () => {
    if (g.values === entry) g.values = undefined
  }
  value.then(() => epoch() !== began && forget(), forget)
  return value
}

/**
 * Makes `values` this process's settings for `ms` (undefined: drop the cache). Tests use it to stand
 * in for stored rows without disturbing other test files sharing the database.
 */
export function holdSettings(values: SettingsValues | undefined, ms = CACHE_MS): void {
  g.values = values && { value: Promise.resolve(values), until: Date.now() + ms, held: true }
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
export function currentSettingsJson(): Promise<string> {
  const values = currentSettings()
  const hit = g.json
  if (hit && hit.of === values) return hit.json
  const json = values.then((v) => JSON.stringify(presentSettings(v)))
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
  const before = await load() // fresh, not cached: history must show what really changed
  const changes = Object.entries(update)
    .filter(([key, value]) => SETTINGS_BY_KEY.has(key) && !same(before[key], value))
    .map(([key, value]) => {
      const secret = SETTINGS_BY_KEY.get(key)!.secret
      return { key, from: secret ? MASK : before[key], to: secret ? MASK : value }
    })
  if (changes.length) {
    const db = await getDb()
    await db.$transaction(async (tx) => {
      for (const { key } of changes) {
        const value = update[key]
        const stored = JSON.stringify(SETTINGS_BY_KEY.get(key)!.secret && typeof value === 'string' && value ? encryptSecret(value) : value)
        await tx.applicationSetting.upsert({ where: { key }, create: { key, value: stored, updatedById: actor.user.id }, update: { value: stored, updatedById: actor.user.id } })
      }
      await tx.applicationSettingChange.create({ data: { userId: actor.user.id, changes: JSON.stringify(changes) } })
    })
  }
  g.values = undefined
  return currentSettings()
}

export async function settingsHistory(window: PageWindow) {
  const db = await getDb()
  const [rows, total] = await Promise.all([
    db.applicationSettingChange.findMany({ orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
    cappedCount((take) => db.applicationSettingChange.count({ take })),
  ])
  return offsetPage(rows, total, window)
}
