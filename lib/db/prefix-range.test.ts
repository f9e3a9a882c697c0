import { describe, expect, it } from 'vitest'
import { prefixRange } from '.'

describe('prefixRange', () => {
  it('ends the range at the prefix with its last character moved one up', () => {
    expect(prefixRange('1/')).toEqual({ gte: '1/', lt: '10' })
    expect(prefixRange('1/5/')).toEqual({ gte: '1/5/', lt: '1/50' })
  })

  it('holds, in byte order, exactly the strings that start with the prefix', () => {
    const { gte, lt } = prefixRange('1/')
    const inRange = (s: string) => s >= gte && s < lt
    expect(['1/', '1/5/', '1/99/7/'].filter(inRange)).toEqual(['1/', '1/5/', '1/99/7/'])
    expect(['1', '10/', '11/', '2/', '0/1/'].filter(inRange)).toEqual([])
  })

  it('refuses an empty prefix (a range over everything is a missing condition)', () => {
    expect(() => prefixRange('')).toThrow()
  })
})
