'use client'
// The project's schedules in the kit's table (it scrolls sideways inside its card on narrow
// screens): what runs when (the next run in the schedule's zone and the viewer's), the last
// pipeline, the owner and the actions. A schedule's editor and its pipelines open below the table,
// at the card's full width, rather than in a row as wide as the table.
import type { ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DataTable, type DataTableProps } from '@/components/ui/table'
import { NextRun } from './next-run'
import { ScheduleActions } from './schedule-actions'
import { ScheduleForm } from './schedule-form'
import { ScheduleListContext, useScheduleList, type ScheduleListState } from './schedule-list-context'
import { SchedulePipelines } from './schedule-pipelines'
import { describeCron, shortRef, type PipelineSchedule } from './types'
import { useViewerZone } from './zoned-time'
import './schedules.css'

function TableNextRun({ schedule }: { schedule: PipelineSchedule }) {
  return <NextRun schedule={schedule} viewerZone={useScheduleList().viewerZone} />
}

/** The description, linking to the schedule's own page. */
function Description({ schedule: s }: { schedule: PipelineSchedule }) {
  return (
    <Link href={`${useScheduleList().schedulesPath}/${s.id}`} data-testid="schedule-description">
      {s.description}
    </Link>
  )
}

const none = <span className="muted">None</span>

// Constant columns: a refresh keeps the cells mounted, so an open delete dialog survives it.
const COLUMNS: ColumnDef<PipelineSchedule>[] = [
  {
    header: 'Description',
    id: 'description',
    meta: { className: 'wrap' },
    cell: ({ row }) => <Description schedule={row.original} />,
  },
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
        <TableNextRun schedule={row.original} />
      </div>
    ),
  },
  {
    header: 'Last pipeline',
    id: 'last_pipeline',
    cell: ({ row: { original: s } }) => (
      <span data-testid="schedule-last-pipeline">
        {s.last_pipeline ? `#${s.last_pipeline.id} ${s.last_pipeline.status}` : none}
      </span>
    ),
  },
  {
    header: 'Owner',
    id: 'owner',
    cell: ({ row: { original: s } }) => (
      <span data-testid="schedule-owner">{s.owner ? `${s.owner.name} (@${s.owner.username})` : none}</span>
    ),
  },
  {
    header: 'State',
    id: 'active',
    cell: ({ row }) => <span data-testid="schedule-active">{row.original.active ? 'Active' : 'Inactive'}</span>,
  },
  { header: 'Actions', id: 'actions', cell: ({ row }) => <ScheduleActions schedule={row.original} /> },
]

export interface SchedulesTableProps {
  projectId: number
  /** The list's own URL: a schedule's page is `<schedulesPath>/<id>`. */
  schedulesPath: string
  schedules: PipelineSchedule[]
  currentUserId: number | null
  canMaintain: boolean
  /** Developer+: may run a schedule now (Play). */
  canPlay: boolean
  pager: DataTableProps<PipelineSchedule>['pager']
}

export function SchedulesTable({
  projectId,
  schedulesPath,
  schedules,
  currentUserId,
  canMaintain,
  canPlay,
  pager,
}: SchedulesTableProps) {
  const viewerZone = useViewerZone()
  const [editing, setEditing] = useState<number | null>(null)
  const [showing, setShowing] = useState<number | null>(null)
  const editor = useRef<HTMLDivElement>(null)
  const toggle = (id: number) => (current: number | null) => (current === id ? null : id)
  const toggleEditor = useCallback((id: number) => setEditing(toggle(id)), [])
  const togglePipelines = useCallback((id: number) => setShowing(toggle(id)), [])
  const state = useMemo<ScheduleListState>(
    () => ({
      projectId,
      schedulesPath,
      currentUserId,
      canMaintain,
      canPlay,
      viewerZone,
      editing,
      showing,
      toggleEditor,
      togglePipelines,
      showPipelines: setShowing,
    }),
    [
      projectId,
      schedulesPath,
      currentUserId,
      canMaintain,
      canPlay,
      viewerZone,
      editing,
      showing,
      toggleEditor,
      togglePipelines,
    ],
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
        <section
          className="schedule-panel"
          aria-label={`Pipelines of ${shown.description}`}
          data-testid="schedule-detail"
          data-id={shown.id}
        >
          <h3>Pipelines of “{shown.description}”</h3>
          <SchedulePipelines projectId={projectId} scheduleId={shown.id} />
        </section>
      )}
      {edited && (
        <div ref={editor} className="schedule-panel" data-testid="schedule-editor" data-id={edited.id}>
          <ScheduleForm
            key={edited.id}
            projectId={projectId}
            defaultRef={edited.ref}
            schedule={edited}
            onDone={() => setEditing(null)}
          />
        </div>
      )}
    </ScheduleListContext.Provider>
  )
}
