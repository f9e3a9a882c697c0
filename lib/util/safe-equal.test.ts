import { describe, expect, it } from 'vitest'
import { safeEqual } from './safe-equal'

describe('safeEqual', () => {
  it('is true for equal secrets only, whatever their lengths and types', () => {
    expect(safeEqual('glpat-abc', 'glpat-abc')).toBe(true)
    expect(safeEqual('glpat-abc', 'glpat-abd')).toBe(false)
    // Different lengths do not throw (timingSafeEqual alone would) and are unequal.
    expect(safeEqual('glpat-abc', 'glpat-abcd')).toBe(false)
    expect(safeEqual('', 'x')).toBe(false)
    expect(safeEqual(Buffer.from('k3y'), Buffer.from('k3y'))).toBe(true)
    expect(safeEqual(Buffer.from('k3y'), 'k3y')).toBe(true)
    expect(safeEqual(Buffer.from([0, 1]), Buffer.from([0, 2]))).toBe(false)
  })
})
