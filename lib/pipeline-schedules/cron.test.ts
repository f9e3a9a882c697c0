import { describe, expect, it } from 'vitest'
import { nextRuns, normalizeCron } from './cron'
import { DISPLAY_TIME_ZONES, resolveTimeZone } from './timezones'

describe('normalizeCron', () => {
  it.each([
    ['0 1 * * *', '0 1 * * *'],
    ['*/5 * * * 1-5', '*/5 * * * 1-5'],
    ['@daily', '0 0 * * *'],
    ['@HOURLY', '0 * * * *'],
    ['* * * *', null],
    ['0 0 0 * * *', null],
    ['61 * * * *', null],
    ['not a cron', null],
    ['', null],
  ])('%j → %j', (input, expected) => expect(normalizeCron(input)).toBe(expected))
})

describe('time zones', () => {
  it('maps every display-style name to a zone this runtime knows', () => {
    const unknown = Object.entries(DISPLAY_TIME_ZONES).filter(([, iana]) => resolveTimeZone(iana) === null)
    expect(unknown).toEqual([])
    expect(Object.keys(DISPLAY_TIME_ZONES)).toHaveLength(151)
  })
  it('accepts display names and IANA names, rejects others', () => {
    expect(resolveTimeZone('Pacific Time (US & Canada)')).toBe('America/Los_Angeles')
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin')
    expect(resolveTimeZone('UTC')).toBe('Etc/UTC')
    expect(resolveTimeZone('Mars/Olympus')).toBeNull()
    expect(resolveTimeZone('Berlinish')).toBeNull()
  })
})

describe('nextRuns', () => {
  it("computes runs in the schedule's zone across a daylight-saving change", () => {
    // New York moves from EST (-5) to EDT (-4) on 2026-03-08.
    const runs = nextRuns('0 9 * * *', 'Eastern Time (US & Canada)', new Date('2026-03-06T20:00:00Z'), 3)
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ])
  })
  it('is strictly after the given time and empty for invalid input', () => {
    expect(nextRuns('0 * * * *', 'UTC', new Date('2026-01-01T10:00:00Z'))[0]?.toISOString()).toBe(
      '2026-01-01T11:00:00.000Z',
    )
    expect(nextRuns('bad', 'UTC', new Date())).toEqual([])
    expect(nextRuns('0 * * * *', 'Nowhere', new Date())).toEqual([])
  })
})
