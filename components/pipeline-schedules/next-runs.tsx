'use client'
// The next five runs of the cron being typed: in the schedule's zone and in the viewer's, or why
// there are none.
import { nextRuns } from '@/lib/pipeline-schedules/cron'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { useViewerZone, ZonedTime } from './zoned-time'

export function NextRuns({ cron, timeZone }: { cron: string; timeZone: string }) {
  const viewerZone = useViewerZone()
  if (!cron.trim()) return null
  const tz = resolveTimeZone(timeZone)
  if (!tz)
    return (
      <div className="small muted" data-testid="schedule-next-runs">
        Unknown time zone
      </div>
    )
  // Computed from "now" only in the browser: the server's "now" is not the hydrating render's.
  const runs = viewerZone ? nextRuns(cron, timeZone, new Date(), 5) : []
  if (viewerZone && !runs.length)
    return (
      <div className="small" data-testid="schedule-next-runs">
        Cron syntax is invalid
      </div>
    )
  return (
    <div className="small" data-testid="schedule-next-runs">
      Next runs in {timeZone === tz ? tz : `${timeZone} (${tz})`}, and in your time zone
      {viewerZone ? ` (${viewerZone})` : ''}:
      <ul>
        {runs.map((d) => (
          <li key={d.toISOString()} data-testid="schedule-next-run">
            <ZonedTime at={d} zone={tz} zoneName={timeZone} viewerZone={viewerZone} testId="schedule-next-run" inline />
          </li>
        ))}
      </ul>
    </div>
  )
}
