'use client'
// The project's schedules in the kit's table (it scrolls sideways inside its card on narrow
// screens): what runs when (the next run in the schedule's zone and the viewer's), the last
// pipeline, the owner and the actions. A schedule's editor and its pipelines open below the table,
// at the card's full width, rather than in a row as wide as the table.
import type { ColumnDef } from '@tanstack/react-table'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { ScheduleActions } from './schedule-actions'
import { ScheduleForm } from './schedule-form'
import { ScheduleListContext, useScheduleList, type ScheduleListState } from './schedule-list-context'
import { SchedulePipelines } from './schedule-pipelines'
import { describeCron, shortRef, type PipelineSchedule } from './types'
import { useViewerZone, ZonedTime } from './zoned-time'
import './schedules.css'

function NextRun({ schedule: s }: { schedule: PipelineSchedule }) {
  const { viewerZone } = useScheduleList()
  if (!s.active || !s.next_run_at) return <span className="muted">Inactive</span>
  return <ZonedTime at={s.next_run_at} zone={resolveTimeZone(s.cron_timezone) ?? 'UTC'} zoneName={s.cron_timezone} viewerZone={viewerZone} testId="schedule-next-run-at" />
}

const none = <span className="muted">None</span>

// Constant columns: a refresh keeps the cells mounted, so an open delete dialog survives it.
const COLUMNS: ColumnDef<PipelineSchedule>[] = [
  { header: 'Description', id: 'description', meta: { className: 'wrap' }, cell: ({ row }) => <span data-testid="schedule-description">{row.original.description}</span> },
  {
    header: 'Target',
    id: 'ref',
    cell: ({ row }) => <code data-testid="schedule-ref">{shortRef(row.original.ref)}</code>,
  },
  {
    header: 'Interval',
    id: 'cron',
    cell: ({ row: { original: s } }) => (
      <div data-testid="schedule-cron" title={s.cron}>
        {describeCron(s.cron)}
        {describeCron(s.cron) !== s.cron && (
          <div className="small muted">
            <code>{s.cron}</code>
          </div>
        )}
      </div>
    ),
  },
  {
    header: 'Next run',
    id: 'next_run_at',
    cell: ({ row }) => (
      <div data-testid="schedule-next-run-at">
        <NextRun schedule={row.original} />
      </div>
    ),
  },
  {
    header: 'Last pipeline',
    id: 'last_pipeline',
    cell: ({ row: { original: s } }) => <span data-testid="schedule-last-pipeline">{s.last_pipeline ? `#${s.last_pipeline.id} ${s.last_pipeline.status}` : none}</span>,
  },
  {
    header: 'Owner',
    id: 'owner',
    cell: ({ row: { original: s } }) => <span data-testid="schedule-owner">{s.owner ? `${s.owner.name} (@${s.owner.username})` : none}</span>,
  },
  { header: 'State', id: 'active', cell: ({ row }) => <span data-testid="schedule-active">{row.original.active ? 'Active' : 'Inactive'}</span> },
  { header: 'Actions', id: 'actions', cell: ({ row }) => <ScheduleActions schedule={row.original} /> },
]

export interface SchedulesTableProps {
  projectId: number
  schedules: PipelineSchedule[]
  currentUserId: number | null
  canMaintain: boolean
  pager: DataTableProps<PipelineSchedule>['pager']
}

export function SchedulesTable({ projectId, schedules, currentUserId, canMaintain, pager }: SchedulesTableProps) {
  const viewerZone = useViewerZone()
  const [editing, setEditing] = useState<number | null>(null)
  const [showing, setShowing] = useState<number | null>(null)
  const editor = useRef<HTMLDivElement>(null)
  const toggle = (id: number) => (current: number | null) => (current === id ? null : id)
  const toggleEditor = useCallback((id: number) => setEditing(toggle(id)), [])
  const togglePipelines = useCallback((id: number) => setShowing(toggle(id)), [])
  const state = useMemo<ScheduleListState>(
    () => ({ projectId, currentUserId, canMaintain, viewerZone, editing, showing, toggleEditor, togglePipelines, showPipelines: setShowing }),
    [projectId, currentUserId, canMaintain, viewerZone, editing, showing, toggleEditor, togglePipelines],
  )
  // A deleted schedule's panels close with it.
  const edited = schedules.find((s) => s.id === editing)
  const shown = schedules.find((s) => s.id === showing)
  // The editor opens below the table, possibly out of sight: bring it into view.
  useEffect(() => {
    if (editing !== null) editor.current?.scrollIntoView({ block: 'nearest' })
  }, [editing])

  return (
    <ScheduleListContext.Provider value={state}>
      <DataTable
        data={schedules}
        columns={COLUMNS}
        getRowId={(s) => String(s.id)}
        rowTestId="schedule-row"
        rowAttributes={(s) => ({ 'data-id': String(s.id) })}
        testId="schedules-table"
        pager={pager}
      />
      {shown && (
        <section className="schedule-panel" aria-label={`Pipelines of ${shown.description}`} data-testid="schedule-detail" data-id={shown.id}>
          <h3>Pipelines of “{shown.description}”</h3>
          <SchedulePipelines projectId={projectId} scheduleId={shown.id} />
        </section>
      )}
      {edited && (
        <div ref={editor} className="schedule-panel" data-testid="schedule-editor" data-id={edited.id}>
          <ScheduleForm key={edited.id} projectId={projectId} defaultRef={edited.ref} schedule={edited} onDone={() => setEditing(null)} />
        </div>
      )}
    </ScheduleListContext.Provider>
  )
}
