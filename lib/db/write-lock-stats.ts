// SQLite has one write lock for every process on the file. When writes slow down under load the
// questions are whose transactions hold it, for how long, and how long the others wait: with
// SQLITE_LOCK_STATS_SECONDS set, every process logs that (`sqlite write lock`) every so many seconds.
// Each transaction's caller is read from a stack taken at BEGIN, which costs: a diagnostic for soak
// probes (bench/README.md), off by default.
import path from 'node:path'
import { config } from '../config'
import { logger } from '../runtime/log'

interface Window {
  queued: number[]
  locked: number[]
  held: number[]
  callers: Map<string, { transactions: number; heldMs: number }>
}

const emptyWindow = (): Window => ({ queued: [], locked: [], held: [], callers: new Map() })

const round = (ms: number) => Math.round(ms * 10) / 10
const percentiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (p: number) => round(s[Math.floor((s.length - 1) * p)] ?? 0)
  return { p50: at(0.5), p99: at(0.99), max: at(1) }
}

// Frames that say nothing about who wanted the lock: the client's plumbing and the driver's.
const PLUMBING =
  /node_modules|node:|\/lib\/db\/|Object\.caller|adapter\.startTransaction|Proxy\.(_?transaction|\$transaction)/

/** The first three frames of the transaction's caller: `function (file:line)`. */
export function callerOf(stack: string | undefined): string {
  const frames = (stack ?? '')
    .split('\n')
    .slice(1)
    .map((l) => l.trim().replace(/^at (async )?/, ''))
    .filter((l) => !PLUMBING.test(l))
    .slice(0, 3)
    .map((l) => {
      const m = /^(.*?) ?\(?(?:file:\/\/)?([^()]*?):(\d+):\d+\)?$/.exec(l)
      return m ? `${m[1] || '<anonymous>'} (${path.basename(m[2]!)}:${m[3]!})` : l
    })
  return frames.join(' < ') || '<unknown>'
}

export interface LockStats {
  /** Called as the transaction begins: where it came from. */
  caller(): string
  /** Called as it ends (commit or rollback), with the times it was queued, got its turn and took the lock. */
  record(caller: string, queuedAt: number, turnAt: number, lockedAt: number): void
}

/** The recorder for this connection, or null when SQLITE_LOCK_STATS_SECONDS is 0. */
export function writeLockStats(): LockStats | null {
  const seconds = config().sqliteLockStatsSeconds
  if (!seconds) return null
  let w = emptyWindow()
  setInterval(() => {
    const done = w
    w = emptyWindow()
    if (!done.held.length) return
    const top = [...done.callers]
      .sort((a, b) => b[1].heldMs - a[1].heldMs)
      .slice(0, 8)
      .map(([caller, c]) => ({ caller, transactions: c.transactions, heldMs: round(c.heldMs) }))
    logger().info(
      {
        transactions: done.held.length,
        queuedMs: percentiles(done.queued),
        lockWaitMs: percentiles(done.locked),
        heldMs: { ...percentiles(done.held), sum: round(done.held.reduce((a, b) => a + b, 0)) },
        top,
      },
      'sqlite write lock',
    )
  }, seconds * 1000).unref()
  return {
    caller: () => callerOf(new Error().stack),
    record(caller, queuedAt, turnAt, lockedAt) {
      const held = performance.now() - lockedAt
      w.queued.push(turnAt - queuedAt)
      w.locked.push(lockedAt - turnAt)
      w.held.push(held)
      const c = w.callers.get(caller) ?? { transactions: 0, heldMs: 0 }
      c.transactions++
      c.heldMs += held
      w.callers.set(caller, c)
    },
  }
}
