'use client'
// The next five runs of the cron being typed, in the schedule's zone, or why there are none.
import { nextRuns } from '@/lib/pipeline-schedules/cron'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { formatTime } from './types'

export function NextRuns({ cron, timeZone }: { cron: string; timeZone: string }) {
  if (!cron.trim()) return null
  const tz = resolveTimeZone(timeZone)
  if (!tz)
    return (
      <div className="small muted" data-testid="schedule-next-runs">
        Unknown time zone
      </div>
    )
  const runs = nextRuns(cron, timeZone, new Date(), 5)
  if (!runs.length)
    return (
      <div className="small" data-testid="schedule-next-runs">
        Cron syntax is invalid
      </div>
    )
  return (
    <div className="small" data-testid="schedule-next-runs">
      Next runs ({timeZone}):
      <ul>
        {runs.map((d) => (
          <li key={d.toISOString()} data-testid="schedule-next-run">
            {formatTime(d, tz)}
          </li>
        ))}
      </ul>
    </div>
  )
}
