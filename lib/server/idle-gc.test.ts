import { afterEach, describe, expect, it, vi } from 'vitest'
import { collectWhenIdle } from './idle-gc'

afterEach(() => vi.useRealTimers())

describe('collectWhenIdle', () => {
  it('collects once after a busy interval is followed by a quiet one, never while busy', () => {
    vi.useFakeTimers()
    const collect = vi.fn()
    const idle = collectWhenIdle(1000, collect)
    vi.advanceTimersByTime(3000)
    expect(collect).not.toHaveBeenCalled() // never busy
    for (let i = 0; i < 5; i++) {
      idle.touch()
      vi.advanceTimersByTime(1000)
    }
    expect(collect).not.toHaveBeenCalled() // requests in every interval
    vi.advanceTimersByTime(1000)
    expect(collect).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5000)
    expect(collect).toHaveBeenCalledTimes(1) // once per quiet spell
    idle.touch()
    vi.advanceTimersByTime(2000)
    expect(collect).toHaveBeenCalledTimes(2)
    idle.stop()
  })
})
