'use client'
// One schedule: what runs when (next run in the viewer's zone and the schedule's own), the last
// pipeline, the owner, and Play / Edit / Take ownership / Delete; "Pipelines" expands its pipeline
// list and "Edit" the form with its variables and inputs.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { Fragment, useState } from 'react'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { Button, ConfirmButton } from '@/components/ui'
import { ScheduleForm } from './schedule-form'
import { useApi } from '../console-providers'
import { pipelinesKey, SchedulePipelines } from './schedule-pipelines'
import { describeCron, shortRef, type PipelineSchedule } from './types'
import { useViewerZone, ZonedTime } from './zoned-time'
import { endpoints } from '@/lib/console/endpoint-refs'

export interface ScheduleRowProps {
  projectId: number
  schedule: PipelineSchedule
  currentUserId: number | null
  canMaintain: boolean
}

export function ScheduleRow({ projectId, schedule: s, currentUserId, canMaintain }: ScheduleRowProps) {
  const api = useApi()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const viewerZone = useViewerZone()
  const one = { id: projectId, pipeline_schedule_id: s.id }
  const isOwner = s.owner?.id === currentUserId
  const canChange = isOwner || canMaintain

  const act = useMutation({
    mutationFn: (action: 'play' | 'take_ownership') => api(action === 'play' ? endpoints.pipelineSchedule.play : endpoints.pipelineSchedule.takeOwnership, one),
    onSuccess: (_data, action) => {
      if (action === 'play') setOpen(true)
      void queryClient.invalidateQueries({ queryKey: pipelinesKey(projectId, s.id) })
      router.refresh()
    },
  })
  const zone = resolveTimeZone(s.cron_timezone) ?? 'UTC'

  return (
    <Fragment>
      <tr data-testid="schedule-row" data-id={s.id}>
        <td data-testid="schedule-description">{s.description}</td>
        <td data-testid="schedule-ref">
          <code>{shortRef(s.ref)}</code>
        </td>
        <td data-testid="schedule-cron" title={s.cron}>
          {describeCron(s.cron)}
          {describeCron(s.cron) !== s.cron && (
            <div className="small muted">
              <code>{s.cron}</code>
            </div>
          )}
        </td>
        <td data-testid="schedule-next-run-at">
          {s.active && s.next_run_at ? (
            <ZonedTime at={s.next_run_at} zone={zone} zoneName={s.cron_timezone} viewerZone={viewerZone} testId="schedule-next-run-at" />
          ) : (
            <span className="muted">Inactive</span>
          )}
        </td>
        <td data-testid="schedule-last-pipeline">{s.last_pipeline ? `#${s.last_pipeline.id} ${s.last_pipeline.status}` : <span className="muted">None</span>}</td>
        <td data-testid="schedule-owner">{s.owner ? `${s.owner.name} (@${s.owner.username})` : <span className="muted">None</span>}</td>
        <td data-testid="schedule-active">{s.active ? 'Active' : 'Inactive'}</td>
        <td>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Button onClick={() => setOpen(!open)} aria-expanded={open} data-testid="schedule-pipelines-toggle">
              {open ? 'Hide pipelines' : 'Pipelines'}
            </Button>
            <Button disabled={act.isPending} onClick={() => act.mutate('play')} data-testid="schedule-play-button">
              Play
            </Button>
            {canChange && (
              <Button onClick={() => setEditing(!editing)} aria-expanded={editing} data-testid="schedule-edit-button">
                {editing ? 'Close editor' : 'Edit'}
              </Button>
            )}
            {!isOwner && canMaintain && (
              <Button disabled={act.isPending} onClick={() => act.mutate('take_ownership')} data-testid="schedule-take-ownership-button">
                Take ownership
              </Button>
            )}
            {canChange && (
              <ConfirmButton
                endpoint={endpoints.pipelineSchedule.remove}
                params={one}
                label="Delete"
                pendingLabel="Deleting…"
                question="Delete this schedule?"
                ariaLabel={`Delete schedule ${s.description}`}
                testId="delete-schedule"
              />
            )}
          </div>
          {act.error && (
            <div className="field-error" role="alert" data-testid="schedule-action-error">
              {act.error.message}
            </div>
          )}
        </td>
      </tr>
      {editing && (
        <tr data-testid="schedule-editor" data-id={s.id}>
          <td colSpan={8}>
            <ScheduleForm projectId={projectId} defaultRef={s.ref} schedule={s} onDone={() => setEditing(false)} />
          </td>
        </tr>
      )}
      {open && (
        <tr data-testid="schedule-detail" data-id={s.id}>
          <td colSpan={8}>
            <SchedulePipelines projectId={projectId} scheduleId={s.id} />
          </td>
        </tr>
      )}
    </Fragment>
  )
}
