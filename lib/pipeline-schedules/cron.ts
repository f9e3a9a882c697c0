// Schedule cadence: GitLab's cron syntax (five fields, or @yearly/@annually/@monthly/@weekly/
// @daily/@midnight/@hourly) evaluated with cron-parser in the schedule's own time zone, so
// next runs follow daylight-saving changes.
import { CronExpressionParser } from 'cron-parser'
import { resolveTimeZone } from './timezones'

const ALIASES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

/** The five-field expression, or null when the syntax is not GitLab's. */
export function normalizeCron(cron: string): string | null {
  const text = cron.trim()
  const expanded = ALIASES[text.toLowerCase()] ?? text
  if (expanded.split(/\s+/).length !== 5) return null
  try {
    CronExpressionParser.parse(expanded, { tz: 'UTC' })
    return expanded
  } catch {
    return null
  }
}

/** The next `count` run times strictly after `after`, computed in `timeZone`; [] when invalid. */
export function nextRuns(cron: string, timeZone: string, after: Date, count = 1): Date[] {
  const expr = normalizeCron(cron)
  const tz = resolveTimeZone(timeZone)
  if (!expr || !tz) return []
  const it = CronExpressionParser.parse(expr, { currentDate: after, tz })
  return Array.from({ length: count }, () => it.next().toDate())
}
