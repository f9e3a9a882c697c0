// Broadcast messages: CRUD with GitLab's defaults and model validations. Readable by anyone (the
// API says so), so nothing here checks the actor; the endpoints require an administrator to write.
import { recordNotFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { findManyKept, getDb } from '../db'
import type { BroadcastMessage } from '../db'
import { modelErrors, type ModelFields } from './rules'
import type { CreateBroadcastParams, UpdateBroadcastParams } from './schema'

const HOUR = 3600_000
const emptyToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v)

function check(fields: ModelFields) {
  const errors = modelErrors(fields)
  if (Object.keys(errors).length) throw validation(errors)
}

export async function listBroadcastMessages(window: PageWindow) {
  // Public and polled by every GitLab page: a prepared statement, not a Prisma query.
  return offsetList(
    'broadcastMessage',
    undefined,
    window,
    findManyKept('BroadcastMessage', { orderBy: { id: 'desc' }, skip: window.skip, take: window.take }),
  )
}

export async function findBroadcastMessage(id: number): Promise<BroadcastMessage> {
  const db = await getDb()
  const m = await db.broadcastMessage.findUnique({ where: { id } })
  if (!m) throw recordNotFound()
  return m
}

export async function createBroadcastMessage(params: CreateBroadcastParams): Promise<BroadcastMessage> {
  // Grape's defaults: `-> { DateTime.now }` and `-> { 1.hour.from_now }`, each from the request time.
  const now = Date.now()
  const data = {
    message: params.message,
    startsAt: params.starts_at ?? new Date(now),
    endsAt: params.ends_at ?? new Date(now + HOUR),
    color: emptyToNull(params.color) ?? null,
    font: emptyToNull(params.font) ?? null,
    targetAccessLevels: (params.target_access_levels ?? []).join(','),
    targetPath: params.target_path ?? '',
    broadcastType: params.broadcast_type ?? 'banner',
    dismissable: params.dismissable ?? false,
    theme: params.theme ?? 'indigo',
  }
  check(data)
  const db = await getDb()
  return db.broadcastMessage.create({ data })
}

/** Only the fields sent change; times keep their values when absent (no defaults on update). */
export async function updateBroadcastMessage(params: UpdateBroadcastParams): Promise<BroadcastMessage> {
  const current = await findBroadcastMessage(params.id)
  const changes = {
    message: params.message,
    startsAt: params.starts_at,
    endsAt: params.ends_at,
    color: emptyToNull(params.color),
    font: emptyToNull(params.font),
    targetAccessLevels: params.target_access_levels?.join(','),
    targetPath: params.target_path,
    broadcastType: params.broadcast_type,
    dismissable: params.dismissable,
    theme: params.theme,
  }
  const data = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<typeof changes>
  check({ ...current, ...data })
  const db = await getDb()
  return db.broadcastMessage.update({ where: { id: current.id }, data })
}

export async function deleteBroadcastMessage(id: number): Promise<void> {
  const db = await getDb()
  const { count } = await db.broadcastMessage.deleteMany({ where: { id } })
  if (!count) throw recordNotFound()
}
