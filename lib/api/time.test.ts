import { describe, expect, it } from 'vitest'
import { isoDayOrNull, isoOrNull, isoTime } from './time'

describe('JSON times', () => {
  it("are Date#toISOString's text, the same for the same Date", () => {
    const d = new Date(Date.UTC(2026, 10, 26, 13, 5, 7, 9))
    expect(isoTime(d)).toBe('2026-11-26T13:05:07.009Z')
    expect(isoTime(d)).toBe(d.toISOString())
    expect(isoTime(new Date(0))).toBe('1970-01-01T00:00:00.000Z')
    expect(isoOrNull(null)).toBeNull()
    expect(isoOrNull(undefined)).toBeNull()
    expect(isoOrNull(d)).toBe('2026-11-26T13:05:07.009Z')
    expect(isoDayOrNull(d)).toBe('2026-11-26')
    expect(isoDayOrNull(null)).toBeNull()
  })
})
