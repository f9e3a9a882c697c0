import { describe, expect, it } from 'vitest'
import { throttleWindow } from './guard'

describe('throttleWindow', () => {
  const midnight = Date.UTC(2026, 11, 7, 0, 0, 30)

  it('gives periods whose windows start together counters of their own', () => {
    const keys = [60, 2700, 3600, 7200].map(
      (p) => throttleWindow('throttle_authenticated_api', 'user:1', p, midnight).key,
    )
    expect(new Set(keys).size).toBe(4)
  })

  it('keeps one counter for a whole window and resets at its end', () => {
    const a = throttleWindow('throttle_unauthenticated_api', 'ip:127.0.0.1', 3600, midnight)
    const b = throttleWindow('throttle_unauthenticated_api', 'ip:127.0.0.1', 3600, midnight + 3_500_000)
    expect(b.key).toBe(a.key)
    expect(a.reset.toISOString()).toBe('2026-12-07T01:00:00.000Z')
    const next = throttleWindow('throttle_unauthenticated_api', 'ip:127.0.0.1', 3600, a.reset.getTime())
    expect(next.key).not.toBe(a.key)
  })
})
