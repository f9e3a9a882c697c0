import { describe, expect, it } from 'vitest'
import { formatTime, utcText } from './format-time'

describe('formatTime', () => {
  const at = '2026-01-05T04:00:00.000Z'
  it('writes the time in the given zone with its abbreviation, never the raw ISO text', () => {
    expect(formatTime(at, 'Europe/Berlin')).toBe('Mon, Jan 5, 2026, 05:00 GMT+1')
    expect(formatTime(at, 'America/New_York')).toBe('Sun, Jan 4, 2026, 23:00 EST')
    expect(formatTime(at, 'UTC')).toBe('Mon, Jan 5, 2026, 04:00 UTC')
    expect(formatTime(new Date('2026-07-05T04:00:00Z'), 'Europe/Berlin')).toBe('Sun, Jul 5, 2026, 06:00 GMT+2')
  })

  it('falls back to ISO only for a zone the runtime does not know', () => {
    expect(formatTime(at, 'Mars/Olympus')).toBe(at)
  })
})

describe('utcText', () => {
  it('is minute precision in UTC', () => {
    expect(utcText('2026-01-05T04:00:59.999Z')).toBe('2026-01-05 04:00 UTC')
  })
})
