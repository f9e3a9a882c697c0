import { describe, expect, it, vi } from 'vitest'

describe('process state', () => {
  it('keeps slots and counters across a re-evaluation of the module (a second bundle, a dev reload)', async () => {
    const first = await import('./process-state')
    const slot = first.processState('test.slot', () => ({ n: 0 }))
    slot.n = 5
    first.counter('test_total', 'A test counter.').inc(2)
    vi.resetModules()
    const second = await import('./process-state')
    expect(second).not.toBe(first)
    expect(second.processState('test.slot', () => ({ n: 0 })).n).toBe(5)
    const again = second.counter('test_total', 'A test counter.')
    again.inc()
    expect(again.value()).toBe(3)
    expect(second.counters().find((c) => c.name === 'test_total')).toEqual({
      name: 'test_total',
      help: 'A test counter.',
      value: 3,
    })
  })
})
