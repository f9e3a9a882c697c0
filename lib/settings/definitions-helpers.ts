// Small builders used by the definitions-*.ts section files. Not part of the public API of the
// settings module: import SETTINGS / SETTINGS_BY_KEY from './definitions' instead.
import type { SettingDef, SettingSection, SettingType } from './definitions'

export type SettingExtra = Omit<Partial<SettingDef>, 'key' | 'type' | 'default' | 'label' | 'description'>

function build(section: SettingSection, type: SettingType) {
  return (key: string, dflt: unknown, label: string, description: string, extra: SettingExtra = {}): SettingDef => ({
    key,
    type,
    default: dflt,
    section,
    label,
    description,
    ...extra,
  })
}

/** Builders bound to one console section (override per setting with `extra.section`). */
export function builders(section: SettingSection) {
  return {
    bool: build(section, 'boolean'),
    int: build(section, 'integer'),
    float: build(section, 'float'),
    str: build(section, 'string'),
    list: build(section, 'string_list'),
    ilist: build(section, 'integer_list'),
    hash: build(section, 'hash'),
  }
}

/**
 * A Rack::Attack throttle family: `throttle_<family>_enabled` (requires the two others when turned
 * on), `_period_in_seconds` and `_requests_per_period` (integers validated greater than 0).
 */
export function throttleFamily(
  family: string,
  label: string,
  requestsPerPeriod: number,
  periodInSeconds: number,
  extra: { deprecated?: boolean; requires?: boolean; note?: string } = {},
): SettingDef[] {
  const base = `throttle_${family}`
  const note = extra.note ? ` ${extra.note}` : ''
  const dep = extra.deprecated ? { deprecated: true } : {}
  return [
    {
      key: `${base}_enabled`,
      type: 'boolean',
      default: false,
      section: 'network',
      label: `${label}: enabled`,
      description: `Enable the ${label.toLowerCase()} rate limit.${note}`,
      ...(extra.requires === false ? {} : { requires: [`${base}_period_in_seconds`, `${base}_requests_per_period`] }),
      ...dep,
    },
    {
      key: `${base}_period_in_seconds`,
      type: 'integer',
      default: periodInSeconds,
      section: 'network',
      label: `${label}: period (seconds)`,
      description: `Rate limit period in seconds for the ${label.toLowerCase()} throttle.`,
      min: 1,
      ...dep,
    },
    {
      key: `${base}_requests_per_period`,
      type: 'integer',
      default: requestsPerPeriod,
      section: 'network',
      label: `${label}: requests per period`,
      description: `Maximum requests per period for the ${label.toLowerCase()} throttle.`,
      min: 1,
      ...dep,
    },
  ]
}
