// The schedule form's time zone select: what it offers and how its value maps to the API's
// cron_timezone. The API keeps cron_timezone exactly as given (GitLab's display names such as
// "Berlin", IANA names such as "Europe/Berlin" or an alias such as "Asia/Calcutta"), so the form's
// value is that very string: whatever a schedule has is offered and selected when it reopens.
import { DISPLAY_TIME_ZONES, resolveTimeZone } from './timezones'

/** The select's "Other (IANA name)…" entry: the zone is then typed into a text field. */
export const CUSTOM_ZONE = '__custom__'

export type ZoneOption = readonly [value: string, label: string]

export interface ZoneOptions {
  /** UTC, then the schedule's own zone when no list below holds it. */
  top: ZoneOption[]
  /** GitLab's display names (Rails' ActiveSupport::TimeZone), with the IANA zone each stands for. */
  gitlab: ZoneOption[]
  /** Every IANA zone the runtime knows and the API accepts (empty until the browser lists them). */
  iana: ZoneOption[]
}

const GITLAB: ZoneOption[] = Object.entries(DISPLAY_TIME_ZONES)
  .filter(([name]) => name !== 'UTC')
  .map(([name, iana]) => [name, `${name} (${iana})`])
const GITLAB_NAMES = new Set(GITLAB.map(([value]) => value))

/**
 * The IANA zones this JavaScript runtime knows (Intl.supportedValuesOf) that the API accepts. Node's
 * and the browser's lists differ (ICU versions: "Europe/Kiev" here, "Europe/Kyiv" there), so the
 * form asks for them only after hydration.
 */
export function runtimeIanaZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return list.filter((z) => z !== 'UTC' && resolveTimeZone(z) !== null)
}

/**
 * What the select offers. `current` (the schedule's stored cron_timezone) is always an option, in
 * `top` unless it is UTC or a GitLab name — and then left out of `iana`, so its <option> is the same
 * element before and after the IANA list arrives (a select keeps its selection that way).
 */
export function zoneOptions(current: string | undefined, ianaZones: readonly string[]): ZoneOptions {
  const own = current && current !== 'UTC' && current !== CUSTOM_ZONE && !GITLAB_NAMES.has(current) ? current : null
  return {
    top: [['UTC', 'UTC'], ...(own ? [[own, own] as const] : [])],
    gitlab: GITLAB,
    iana: ianaZones.filter((z) => z !== own && z !== 'UTC' && !GITLAB_NAMES.has(z)).map((z) => [z, z] as const),
  }
}

export const optionValues = (o: ZoneOptions): string[] => [...o.top, ...o.gitlab, ...o.iana].map(([value]) => value)

export interface ZoneFormValues {
  tz_choice: string
  tz_custom: string
}

/** The form's values for a stored cron_timezone (a new schedule starts in UTC, as the API's default). */
export const zoneFormValues = (cronTimezone: string | undefined): ZoneFormValues => ({
  tz_choice: cronTimezone || 'UTC',
  tz_custom: '',
})

/** The cron_timezone the form sends. */
export const zoneApiValue = (v: ZoneFormValues): string =>
  v.tz_choice === CUSTOM_ZONE ? v.tz_custom.trim() : v.tz_choice
