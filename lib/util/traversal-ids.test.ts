import { describe, expect, it } from 'vitest'
import { ancestorIds, depthOf, rootNamespaceId } from './traversal-ids'

describe('traversal ids', () => {
  it('reads `/1/5/9/` as ids from the root down', () => {
    expect(ancestorIds('/1/5/9/')).toEqual([1, 5, 9])
    expect(rootNamespaceId('/1/5/9/')).toBe(1)
    expect(depthOf('/1/5/9/')).toBe(3)
    expect(depthOf('/7/')).toBe(1)
  })
})
