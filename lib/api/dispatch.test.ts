import { describe, expect, it } from 'vitest'
import { isAnswer, seconds } from './dispatch'

describe('X-Runtime', () => {
  it('formats milliseconds as seconds with six decimals, as toFixed(6) does', () => {
    expect(seconds(0)).toBe('0.000000')
    expect(seconds(1.5)).toBe('0.001500')
    expect(seconds(1234.5678)).toBe('1.234568')
    expect(seconds(60_000)).toBe('60.000000')
    for (const ms of [0.0004, 0.0006, 3.14159, 999.9999, 12_345.678_9])
      expect(seconds(ms)).toBe((Math.round(ms * 1000) / 1e6).toFixed(6))
  })
})

describe('isAnswer', () => {
  it('tells a plain Answer from a Web Response (a hook’s 429)', () => {
    expect(isAnswer({ status: 200, headers: {}, body: '{}' })).toBe(true)
    expect(isAnswer(new Response('{}', { status: 429 }))).toBe(false)
  })
})
