import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetConfig } from '../config'
import { logger } from '../runtime/log'
import { callerOf, writeLockStats } from './write-lock-stats'

afterEach(() => {
  delete process.env.SQLITE_LOCK_STATS_SECONDS
  resetConfig()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('SQLite write-lock statistics', () => {
  it('are off unless SQLITE_LOCK_STATS_SECONDS is set', () => {
    expect(writeLockStats()).toBeNull()
  })

  it("name a transaction's caller by its first frames outside the client and the driver", () => {
    const bundled = [
      'Error',
      '    at Object.caller (file:///srv/dist/server.mjs:11738:22)',
      '    at adapter.startTransaction (file:///srv/dist/server.mjs:11873:30)',
      '    at async #i (/srv/node_modules/@prisma/client/runtime/client.js:11:92014)',
      '    at async Proxy.transaction (file:///srv/dist/server.mjs:11741:14)',
      '    at async deleteGroup (file:///srv/dist/server.mjs:21441:7)',
      '    at async Object.handler (file:///srv/dist/server.mjs:21787:7)',
      '    at async file:///srv/dist/server.mjs:31734:14',
      '    at async respond (file:///srv/dist/server.mjs:19194:3)',
    ].join('\n')
    expect(callerOf(bundled)).toBe(
      'deleteGroup (server.mjs:21441) < Object.handler (server.mjs:21787) < <anonymous> (server.mjs:31734)',
    )
    const source = [
      'Error',
      '    at Object.caller (/srv/lib/db/write-lock-stats.ts:80:25)',
      '    at async fire (/srv/lib/pipeline-schedules/firer.ts:38:17)',
    ].join('\n')
    expect(callerOf(source)).toBe('fire (firer.ts:38)')
    expect(callerOf(undefined)).toBe('<unknown>')
  })

  it('log waits, holds and the callers that held the lock longest, once per window', () => {
    vi.useFakeTimers()
    process.env.SQLITE_LOCK_STATS_SECONDS = '5'
    resetConfig()
    const info = vi.spyOn(logger(), 'info').mockImplementation(() => undefined)
    const stats = writeLockStats()!
    const now = vi.spyOn(performance, 'now')
    now.mockReturnValue(110)
    stats.record('fire (firer.ts:38)', 100, 104, 106) // queued 4, waited 2, held 4
    now.mockReturnValue(130)
    stats.record('claimJob (queue.ts:120)', 100, 100, 120) // waited 20, held 10
    stats.record('fire (firer.ts:38)', 120, 120, 128) // waited 8, held 2
    vi.advanceTimersByTime(5000)
    expect(info).toHaveBeenCalledTimes(1)
    const [fields, message] = info.mock.calls[0] as unknown as [Record<string, unknown>, string]
    expect(message).toBe('sqlite write lock')
    expect(fields).toMatchObject({
      transactions: 3,
      queuedMs: { p50: 0, max: 4 },
      lockWaitMs: { p50: 8, max: 20 },
      heldMs: { p50: 4, max: 10, sum: 16 },
      top: [
        { caller: 'claimJob (queue.ts:120)', transactions: 1, heldMs: 10 },
        { caller: 'fire (firer.ts:38)', transactions: 2, heldMs: 6 },
      ],
    })
    // An empty window logs nothing.
    vi.advanceTimersByTime(5000)
    expect(info).toHaveBeenCalledTimes(1)
  })
})
