import { describe, expect, it } from 'vitest'
import { DISPLAY_TIME_ZONES, resolveTimeZone } from './timezones'
import { CUSTOM_ZONE, optionValues, runtimeIanaZones, zoneApiValue, zoneFormValues, zoneOptions } from './zone-options'

// IANA names the API accepts beyond the runtime's canonical list: links, legacy and Etc zones.
const ALIASES = [
  'Etc/UTC',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'Asia/Kolkata',
  'Asia/Calcutta',
  'Europe/Kyiv',
  'Europe/Kiev',
  'US/Eastern',
  'America/Godthab',
  'America/Nuuk',
]

/** Every zone the API takes as cron_timezone that this test can name (resolveTimeZone is the API's check). */
const accepted = [...new Set(['UTC', ...Object.keys(DISPLAY_TIME_ZONES), ...runtimeIanaZones(), ...ALIASES])]

describe('the schedule form round-trips every zone the API accepts', () => {
  it('covers GitLab names, the runtime IANA list and aliases', () => {
    expect(accepted.filter((z) => resolveTimeZone(z) === null)).toEqual([])
    expect(runtimeIanaZones().length).toBeGreaterThan(300)
    expect(accepted).toContain('Berlin')
    expect(accepted).toContain('Europe/Berlin')
  })

  it('selects the stored value when a schedule reopens, on the server render and after hydration', () => {
    const iana = runtimeIanaZones()
    const lost = accepted.filter((zone) => {
      const values = zoneFormValues(zone)
      const selectable = (list: readonly string[]) => optionValues(zoneOptions(zone, list)).includes(values.tz_choice)
      return values.tz_choice !== zone || !selectable([]) || !selectable(iana) || zoneApiValue(values) !== zone
    })
    expect(lost).toEqual([])
  })

  it('keeps one option per value, the stored zone in the same slot before and after the IANA list arrives', () => {
    const iana = runtimeIanaZones()
    for (const zone of ['Europe/Berlin', 'Berlin', 'UTC', 'Asia/Calcutta']) {
      const values = optionValues(zoneOptions(zone, iana))
      expect(new Set(values).size, zone).toBe(values.length)
      expect(zoneOptions(zone, iana).top, zone).toEqual(zoneOptions(zone, []).top)
    }
    expect(zoneOptions('Europe/Berlin', iana).top).toEqual([
      ['UTC', 'UTC'],
      ['Europe/Berlin', 'Europe/Berlin'],
    ])
    expect(zoneOptions('Berlin', iana).gitlab).toContainEqual(['Berlin', 'Berlin (Europe/Berlin)'])
  })

  it('offers only zones the API accepts', () => {
    const offered = optionValues(zoneOptions(undefined, runtimeIanaZones()))
    expect(offered.filter((z) => resolveTimeZone(z) === null)).toEqual([])
    expect(offered).toContain('Europe/Berlin')
    expect(offered).toContain('Berlin')
  })

  it('starts a new schedule in UTC and sends a typed zone trimmed', () => {
    expect(zoneFormValues(undefined)).toEqual({ tz_choice: 'UTC', tz_custom: '' })
    expect(zoneApiValue({ tz_choice: CUSTOM_ZONE, tz_custom: ' America/Argentina/Buenos_Aires ' })).toBe(
      'America/Argentina/Buenos_Aires',
    )
  })
})
