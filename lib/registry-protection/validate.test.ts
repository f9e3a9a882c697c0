import { describe, expect, it } from 'vitest'
import { tagRuleErrors } from './validate'

const rule = (tagNamePattern: string, push: number | null = 40, del: number | null = 40) => ({
  tagNamePattern,
  minimumAccessLevelForPush: push,
  minimumAccessLevelForDelete: del,
})

describe('tag rule validations', () => {
  it('accepts RE2 patterns, including GitLab’s examples', () => {
    for (const p of ['.*', '^v.*', '\\d+\\.\\d+\\.\\d+', '^latest$', '.*-stable$', 'stable|release', 'v*'])
      expect(tagRuleErrors(rule(p), false), p).toEqual([])
  })

  it('gives Rails’ full messages in the model’s order', () => {
    expect(tagRuleErrors(rule(''), true)).toEqual([
      "Tag name pattern can't be blank",
      'Tag name pattern has already been taken',
    ])
    expect(tagRuleErrors(rule(`(${'a'.repeat(100)}`), false)).toEqual([
      'Tag name pattern is too long (maximum is 100 characters)',
      `Tag name pattern not valid RE2 syntax: missing ): (${'a'.repeat(100)}`,
    ])
    expect(tagRuleErrors(rule('(?=x)'), false)).toEqual([
      expect.stringMatching(/^Tag name pattern not valid RE2 syntax: /),
    ])
  })

  it('counts characters, not UTF-16 units', () => {
    expect(tagRuleErrors(rule('😀'.repeat(100)), false)).toEqual([])
  })

  it('wants both levels or neither', () => {
    expect(tagRuleErrors(rule('x', null, null), false)).toEqual([])
    expect(tagRuleErrors(rule('x', 40, null), false)).toEqual([
      'Access levels should either both be present or both be nil',
    ])
  })
})
