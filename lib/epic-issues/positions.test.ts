import { describe, expect, it } from 'vitest'
import { IDEAL_DISTANCE, MIN_POSITION, neighbours, positionBetween, spreadPositions } from './positions'

describe('positionBetween', () => {
  it('halves the gap, leaves room at the ends, and asks for a rebalance when no integer is left', () => {
    expect(positionBetween(0, 100)).toBe(50)
    expect(positionBetween(null, 0)).toBe(-IDEAL_DISTANCE)
    expect(positionBetween(0, null)).toBe(IDEAL_DISTANCE)
    expect(positionBetween(null, null)).toBe(0)
    expect(positionBetween(4, 5)).toBeNull()
    expect(positionBetween(4, 6)).toBe(5)
    expect(positionBetween(null, MIN_POSITION + 10)).toBeNull()
  })
})

describe('spreadPositions', () => {
  it('spaces evenly around 0', () => {
    expect(spreadPositions(3)).toEqual([-IDEAL_DISTANCE, 0, IDEAL_DISTANCE])
    expect(new Set(spreadPositions(1001)).size).toBe(1001)
  })
})

describe('neighbours (GitLab move_between)', () => {
  const ordered = [
    { id: 1, relativePosition: 0 },
    { id: 2, relativePosition: 500 },
    { id: 3, relativePosition: 1000 },
  ]
  it('move_before_id names the link that ends up before the moved one', () => {
    expect(neighbours(ordered, 2)).toEqual({ before: ordered[1], after: ordered[2] })
    expect(neighbours(ordered, 3)).toEqual({ before: ordered[2], after: null })
  })
  it('move_after_id names the link that ends up after it', () => {
    expect(neighbours(ordered, undefined, 1)).toEqual({ before: null, after: ordered[0] })
    expect(neighbours(ordered, undefined, 3)).toEqual({ before: ordered[1], after: ordered[2] })
  })
  it('both: between them; unknown ids: no move', () => {
    expect(neighbours(ordered, 1, 2)).toEqual({ before: ordered[0], after: ordered[1] })
    expect(neighbours(ordered, 99, 98)).toBeNull()
  })
})
