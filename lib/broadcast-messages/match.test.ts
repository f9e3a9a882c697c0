import { describe, expect, it } from 'vitest'
import { matchesLevel, matchesPath } from './match'
import { modelErrors, statusOf } from './rules'

describe('matchesPath (GitLab semantics)', () => {
  it('matches everything without a target path', () => {
    expect(matchesPath('', '/anything')).toBe(true)
    expect(matchesPath(null, '/anything')).toBe(true)
  })
  it('treats * as any characters and the rest literally, on the whole path', () => {
    expect(matchesPath('/projects*', '/projects')).toBe(true)
    expect(matchesPath('/projects*', '/projects/a/b/-/members')).toBe(true)
    expect(matchesPath('/projects*', '/groups/projects')).toBe(false)
    expect(matchesPath('/groups/*/-/members', '/groups/a/b/-/members')).toBe(true)
    expect(matchesPath('/a.b', '/axb')).toBe(false)
    expect(matchesPath('/Projects', '/projects')).toBe(true)
    expect(matchesPath('/projects', 'projects')).toBe(true)
  })
})

describe('matchesLevel', () => {
  it('shows untargeted messages to everyone and targeted ones to those levels only', () => {
    expect(matchesLevel([], null)).toBe(true)
    expect(matchesLevel([30], 30)).toBe(true)
    expect(matchesLevel([30], 50)).toBe(false)
    expect(matchesLevel([30], null)).toBe(false)
  })
})

describe('model rules', () => {
  const base = { message: 'm', startsAt: new Date(0), endsAt: new Date(1000), font: null, color: null, targetPath: '' }
  it('accepts a valid message and reports each problem on its field', () => {
    expect(modelErrors(base)).toEqual({})
    expect(
      modelErrors({
        ...base,
        message: ' ',
        font: 'red',
        color: '#abcd',
        endsAt: new Date(-1),
        targetPath: 'x'.repeat(256),
      }),
    ).toEqual({
      message: ["can't be blank"],
      font: ['must be a valid color code'],
      color: ['must be a valid color code'],
      ends_at: ['must be after start'],
      target_path: ['is too long (maximum is 255 characters)'],
    })
  })
  it('derives the status from the window', () => {
    const now = new Date(500)
    expect(statusOf(new Date(0), new Date(1000), now)).toBe('active')
    expect(statusOf(new Date(600), new Date(1000), now)).toBe('scheduled')
    expect(statusOf(new Date(0), new Date(500), now)).toBe('expired')
  })
})

describe('matchesPath on hostile patterns', () => {
  // A backtracking regex would take forever here (the test's timeout catches that); this matcher
  // is bounded by path length × pattern length.
  it('answers many-star patterns over long paths', () => {
    expect(matchesPath(`${'*a'.repeat(30)}*b`, `/${'a'.repeat(5000)}`)).toBe(false)
    expect(matchesPath(`${'*a'.repeat(30)}*`, `/${'a'.repeat(5000)}`)).toBe(true)
    expect(matchesPath('/projects/*/-/settings*', '/Projects/g%2Fp/-/settings/repository')).toBe(true)
  })
})
