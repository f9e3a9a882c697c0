'use client'
// One schedule: what runs when (next run in the viewer's zone and the schedule's own), the last
// pipeline, the owner, and Play / Edit / Take ownership / Delete; "Pipelines" expands its pipeline
// list and "Edit" the form with its variables and inputs.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { Fragment, useEffect, useState } from 'react'
import { resolveTimeZone } from '@/lib/pipeline-schedules/timezones'
import { ConfirmButton } from '@/components/ui/confirm'
import { ScheduleForm } from './schedule-form'
import { useApi } from '../console-providers'
import { pipelinesKey, SchedulePipelines } from './schedule-pipelines'
import { describeCron, formatTime, shortRef, type PipelineSchedule } from './types'
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
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
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
            <>
              <div>{mounted ? formatTime(s.next_run_at) : formatTime(s.next_run_at, 'UTC')}</div>
              <div className="small muted">
                {formatTime(s.next_run_at, zone)} ({s.cron_timezone})
              </div>
            </>
          ) : (
            <span className="muted">Inactive</span>
          )}
        </td>
        <td data-testid="schedule-last-pipeline">{s.last_pipeline ? `#${s.last_pipeline.id} ${s.last_pipeline.status}` : <span className="muted">None</span>}</td>
        <td data-testid="schedule-owner">{s.owner ? `${s.owner.name} (@${s.owner.username})` : <span className="muted">None</span>}</td>
        <td data-testid="schedule-active">{s.active ? 'Active' : 'Inactive'}</td>
        <td>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <button type="button" className="btn" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="schedule-pipelines-toggle">
              {open ? 'Hide pipelines' : 'Pipelines'}
            </button>
            <button type="button" className="btn" disabled={act.isPending} onClick={() => act.mutate('play')} data-testid="schedule-play-button">
              Play
            </button>
            {canChange && (
              <button type="button" className="btn" onClick={() => setEditing(!editing)} aria-expanded={editing} data-testid="schedule-edit-button">
                {editing ? 'Close editor' : 'Edit'}
              </button>
            )}
            {!isOwner && canMaintain && (
              <button type="button" className="btn" disabled={act.isPending} onClick={() => act.mutate('take_ownership')} data-testid="schedule-take-ownership-button">
                Take ownership
              </button>
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
