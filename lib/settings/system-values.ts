// Instance-wide key/value rows (SystemValue) for other domains' own keys, e.g. the instance's
// runner registration token (stored encrypted by its owner, lib/runners).
import { getDb } from '../db'

export async function readSystemValue(key: string): Promise<string | null> {
  const row = await (await getDb()).systemValue.findUnique({ where: { key } })
  return row?.value ?? null
}

/** Sets the value, whether or not the key exists. */
export async function writeSystemValue(key: string, value: string): Promise<void> {
  await (await getDb()).systemValue.upsert({ where: { key }, create: { key, value }, update: { value } })
}

/** Adds the key; throws (unique violation) when it exists already, so the first of racing writers wins. */
export async function insertSystemValue(key: string, value: string): Promise<void> {
  await (await getDb()).systemValue.create({ data: { key, value } })
}
