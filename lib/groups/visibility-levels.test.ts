import { describe, expect, it } from 'vitest'
import { capVisibility, visibilityLevel, visibilityOfLevel } from './visibility-levels'

describe('visibility levels', () => {
  it("map to and from GitLab's numeric visibility_level, unknown being private", () => {
    expect(['private', 'internal', 'public'].map(visibilityLevel)).toEqual([0, 10, 20])
    expect(visibilityLevel('secret')).toBe(0)
    expect([0, 10, 20, '20'].map(visibilityOfLevel)).toEqual(['private', 'internal', 'public', 'public'])
    expect([5, -10, 30, null, 'x'].map(visibilityOfLevel)).toEqual([
      'private',
      'private',
      'private',
      'private',
      'private',
    ])
  })

  it('cap a wanted visibility at the parent’s', () => {
    expect(capVisibility('public', 'internal')).toBe('internal')
    expect(capVisibility('private', 'public')).toBe('private')
    expect(capVisibility('bogus')).toBe('private')
  })
})
