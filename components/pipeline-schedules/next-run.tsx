'use client'
// A schedule's next run: the exact time in the schedule's zone and the viewer's, and how far off it
// is, or "Inactive". Shared by the schedules table and a schedule's own page.
import { relative } from '@/components/ui/relative-time'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import type { PipelineSchedule } from './types'
import { useViewerZone, ZonedTime } from './zoned-time'

type Timed = Pick<PipelineSchedule, 'active' | 'next_run_at' | 'cron_timezone'>

export function NextRun({ schedule: s, viewerZone }: { schedule: Timed; viewerZone: string | null }) {
  if (!s.active || !s.next_run_at) return <span className="muted">Inactive</span>
  return (
    <>
      <ZonedTime
        at={s.next_run_at}
        zone={resolveTimeZone(s.cron_timezone) ?? 'UTC'}
        zoneName={s.cron_timezone}
        viewerZone={viewerZone}
        testId="schedule-next-run-at"
      />
      {/* How far off, beside the exact times; known once the browser (and so "now") is. */}
      {viewerZone && (
        <div className="small muted" data-testid="schedule-next-run-at-relative">
          {relative(s.next_run_at)}
        </div>
      )}
    </>
  )
}

/** The next run where no table shares the viewer's zone: it finds the zone itself. */
export function ScheduleNextRun({ schedule }: { schedule: Timed }) {
  return <NextRun schedule={schedule} viewerZone={useViewerZone()} />
}
