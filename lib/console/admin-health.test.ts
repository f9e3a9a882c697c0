import { describe, expect, it } from 'vitest'
import { backgroundHealth, mailHealth, registryHealth } from './admin-health'
import type { QueueHealthFacts } from '../queue/health'

const at = (iso: string) => new Date(iso)
const none = { sent: 0, failed: 0, lastSentAt: null, lastFailure: null }

describe('mailHealth', () => {
  it('warns without SMTP, naming the outbox size', () => {
    expect(mailHealth({ smtpConfigured: false, outboxSize: 3, deliveries: none })).toEqual({
      state: 'warn',
      reason: 'No SMTP server (SMTP_URL): mail is not delivered; 3 messages kept in the outbox.',
    })
  })

  it('is bad while the last delivery failed, with its error', () => {
    const deliveries = {
      sent: 4,
      failed: 2,
      lastSentAt: at('2026-01-01T10:00:00Z'),
      lastFailure: { at: at('2026-01-01T11:00:00Z'), error: 'connect ECONNREFUSED 127.0.0.1:2525' },
    }
    expect(mailHealth({ smtpConfigured: true, outboxSize: 0, deliveries })).toEqual({
      state: 'bad',
      reason: 'The last delivery failed (connect ECONNREFUSED 127.0.0.1:2525); 2 failures since start.',
    })
  })

  it('warns about earlier failures once a later delivery went out', () => {
    const deliveries = {
      sent: 4,
      failed: 1,
      lastSentAt: at('2026-01-01T12:00:00Z'),
      lastFailure: { at: at('2026-01-01T11:00:00Z'), error: 'timeout' },
    }
    expect(mailHealth({ smtpConfigured: true, outboxSize: 0, deliveries })).toMatchObject({
      state: 'warn',
      reason: '1 delivery failed since start; the latest went out.',
    })
  })

  it('is ok with SMTP and no failure', () => {
    expect(mailHealth({ smtpConfigured: true, outboxSize: 0, deliveries: none })).toEqual({
      state: 'ok',
      reason: 'SMTP configured; nothing sent since start.',
    })
    expect(
      mailHealth({
        smtpConfigured: true,
        outboxSize: 0,
        deliveries: { ...none, sent: 1, lastSentAt: at('2026-01-01T00:00:00Z') },
      }).reason,
    ).toBe('SMTP: 1 message sent since start, none failed.')
  })
})

describe('registryHealth', () => {
  const url = 'http://registry.test:5000'
  it('is off when not configured', () => {
    expect(registryHealth(null, null).state).toBe('off')
  })
  it('is ok when the base call answers 200', () => {
    expect(registryHealth(url, { reachable: true, status: 200, ms: 7 })).toEqual({
      state: 'ok',
      reason: 'registry.test:5000 answers in 7 ms.',
    })
  })
  it('is bad when unreachable or refusing our tokens, warn on other answers', () => {
    expect(registryHealth(url, { reachable: false, error: 'ECONNREFUSED', ms: 1 })).toEqual({
      state: 'bad',
      reason: 'registry.test:5000 is unreachable: ECONNREFUSED.',
    })
    expect(registryHealth(url, { reachable: true, status: 401, ms: 3 }).state).toBe('bad')
    expect(registryHealth(url, { reachable: true, status: 503, ms: 3 })).toEqual({
      state: 'warn',
      reason: 'registry.test:5000 answered 503 to its base call.',
    })
  })
})

describe('backgroundHealth', () => {
  const twoOnWeb1 = [
    { host: 'web-1', pid: 11 },
    { host: 'web-1', pid: 12 },
  ]
  const calm: QueueHealthFacts = {
    pending: 2,
    running: 1,
    recentlyFailed: 0,
    overdue: 0,
    stale: 0,
    overdueAfterMs: 300_000,
    workers: twoOnWeb1,
  }
  it('is ok with workers alive in other processes and nothing late (the console process runs none)', () => {
    expect(backgroundHealth(calm)).toEqual({ state: 'ok', reason: '2 waiting, 1 running; 2 workers alive (web-1).' })
    expect(backgroundHealth({ ...calm, workers: [...twoOnWeb1, { host: 'web-2', pid: 7 }] }).reason).toBe(
      '2 waiting, 1 running; 3 workers alive (web-1, web-2).',
    )
  })
  it('is bad when tasks wait past their time', () => {
    expect(backgroundHealth({ ...calm, overdue: 3, workers: [] })).toEqual({
      state: 'bad',
      reason: '3 tasks waiting over 5 min past their time (no worker alive).',
    })
  })
  it('warns about stale running tasks, recent failures and no worker alive anywhere, in that order', () => {
    expect(backgroundHealth({ ...calm, stale: 1, recentlyFailed: 2 }).reason).toMatch(
      /^1 running task without a heartbeat/,
    )
    expect(backgroundHealth({ ...calm, recentlyFailed: 2 })).toEqual({
      state: 'warn',
      reason: '2 tasks failed in the last 24 hours (2 waiting, 1 running; 2 workers alive (web-1)).',
    })
    expect(backgroundHealth({ ...calm, workers: [] })).toEqual({
      state: 'warn',
      reason: 'No queue worker alive in any process (QUEUE_WORKER_ENABLED=false everywhere?); 2 waiting, 1 running.',
    })
  })
})
