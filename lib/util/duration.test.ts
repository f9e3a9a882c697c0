import { describe, expect, it } from 'vitest'
import { parseDuration } from './duration'

describe('parseDuration (ChronicDuration)', () => {
  it('reads the forms CI timeouts and registry cleanups use', () => {
    expect(parseDuration('1h')).toBe(3600)
    expect(parseDuration('7d')).toBe(7 * 86400)
    expect(parseDuration('1month')).toBe(30 * 86400)
    expect(parseDuration('2 days 3h')).toBe(2 * 86400 + 3 * 3600)
    expect(parseDuration('1 year')).toBe(31557600)
    expect(parseDuration('3600')).toBe(3600)
  })
  it('rejects what is not a duration', () => {
    for (const bad of ['', 'soon', 'd7', '1 fortnight', '5 constructor', '0'])
      expect(parseDuration(bad), bad).toBeNull()
  })
})
