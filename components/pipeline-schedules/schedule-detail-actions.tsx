'use client'
// A schedule's actions on its own page: Play (Developer+), Edit (the schedule form opens below),
// Take ownership (a Maintainer, of someone else's schedule), Activate / Deactivate and Delete after
// a confirm (then back to the list: the page is gone). Each write toasts and refreshes the page's
// server-rendered parts (badge, next run, last pipeline) and the polled pipelines, without a reload.
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button, ConfirmButton } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { ScheduleForm } from './schedule-form'
import type { PipelineSchedule } from './types'
import { useScheduleAction } from './use-schedule-action'
import './schedules.css'

export interface ScheduleDetailActionsProps {
  projectId: number
  /** The single-schedule read (with variables and inputs, for the editor). */
  schedule: PipelineSchedule
  /** The schedules list, where Delete returns to. */
  listPath: string
  canPlay: boolean
  /** The owner or a Maintainer+: edit, (de)activate, delete. */
  canChange: boolean
  canTakeOwnership: boolean
}

export function ScheduleDetailActions({
  projectId,
  schedule: s,
  listPath,
  canPlay,
  canChange,
  canTakeOwnership,
}: ScheduleDetailActionsProps) {
  const router = useRouter()
  const [editing, setEditing] = useState(false)
  const one = { id: projectId, pipeline_schedule_id: s.id }
  const { act, busy } = useScheduleAction(projectId, s)

  if (!canPlay && !canChange && !canTakeOwnership) return null
  return (
    <>
      <div className="actions schedule-detail-actions" data-testid="schedule-detail-actions">
        {canPlay && (
          <Button
            variant="primary"
            pending={busy('play')}
            pendingLabel="Starting…"
            disabled={act.isPending}
            onClick={() => act.mutate('play')}
            data-testid="schedule-play-button"
          >
            Play
          </Button>
        )}
        {canChange && (
          <Button onClick={() => setEditing((e) => !e)} aria-expanded={editing} data-testid="schedule-edit-button">
            {editing ? 'Close editor' : 'Edit'}
          </Button>
        )}
        {canChange &&
          (s.active ? (
            <Button
              pending={busy('deactivate')}
              pendingLabel="Deactivating…"
              disabled={act.isPending}
              onClick={() => act.mutate('deactivate')}
              data-testid="schedule-deactivate-button"
            >
              Deactivate
            </Button>
          ) : (
            <Button
              pending={busy('activate')}
              pendingLabel="Activating…"
              disabled={act.isPending}
              onClick={() => act.mutate('activate')}
              data-testid="schedule-activate-button"
            >
              Activate
            </Button>
          ))}
        {canTakeOwnership && (
          <Button
            pending={busy('take_ownership')}
            pendingLabel="Taking…"
            disabled={act.isPending}
            onClick={() => act.mutate('take_ownership')}
            data-testid="schedule-take-ownership-button"
          >
            Take ownership
          </Button>
        )}
        {canChange && (
          <ConfirmButton
            endpoint={endpoints.pipelineSchedule.remove}
            params={one}
            label="Delete"
            pendingLabel="Deleting…"
            question={`Delete the schedule “${s.description}”? Its pipelines stay.`}
            ariaLabel={`Delete schedule ${s.description}`}
            testId="delete-schedule"
            done={`Schedule “${s.description}” deleted.`}
            onDone={() => {
              router.push(listPath)
              router.refresh()
            }}
          />
        )}
      </div>
      {act.error && (
        <div className="field-error" role="alert" data-testid="schedule-action-error">
          {act.error.message}
        </div>
      )}
      {editing && (
        <div className="schedule-panel" data-testid="schedule-editor" data-id={s.id}>
          <ScheduleForm
            key={s.id}
            projectId={projectId}
            defaultRef={s.ref}
            schedule={s}
            onDone={() => setEditing(false)}
          />
        </div>
      )}
    </>
  )
}
