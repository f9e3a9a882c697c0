// `last_used_at` without a write per request: uses are collected in memory and flushed in one
// UPDATE per second at most, and a token is only touched again after a minute (GitLab: ten).
import { readyDb } from '../db'
import { processState } from '../util/process-state'

const TOUCH_EVERY_MS = 60_000
const lastUsed = processState('auth.lastUsed', () => ({
  pending: new Set<number>(),
  timer: undefined as NodeJS.Timeout | undefined,
}))
const state = () => lastUsed

export function noteTokenUse(token: { id: number; lastUsedAt: Date | null }): void {
  const now = Date.now()
  if (token.lastUsedAt && now - token.lastUsedAt.getTime() < TOUCH_EVERY_MS) return
  token.lastUsedAt = new Date(now) // the cached row: later requests in this process skip the queue
  const s = state()
  s.pending.add(token.id)
  s.timer ??= setTimeout(() => void flushTokenUses(), 1000).unref()
}

export async function flushTokenUses(): Promise<void> {
  const s = state()
  s.timer = undefined
  const ids = [...s.pending]
  s.pending.clear()
  const db = readyDb()
  if (!ids.length || !db) return
  try {
    await db.personalAccessToken.updateMany({ where: { id: { in: ids } }, data: { lastUsedAt: new Date() } })
  } catch {
    // Best effort: a missed touch only makes last_used_at older.
  }
}
