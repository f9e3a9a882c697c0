'use client'
// A schedule's actions in the list: Pipelines / Edit (their panels open below the table), Play
// (Developer+), Take ownership (a Maintainer, of someone else's schedule) and Delete after a
// confirm. Changes are for the owner or a Maintainer+, as the API enforces.
import { Button, ConfirmButton } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useScheduleList } from './schedule-list-context'
import type { PipelineSchedule } from './types'
import { useScheduleAction } from './use-schedule-action'

export function ScheduleActions({ schedule: s }: { schedule: PipelineSchedule }) {
  const list = useScheduleList()
  const one = { id: list.projectId, pipeline_schedule_id: s.id }
  const isOwner = s.owner?.id === list.currentUserId
  const canChange = isOwner || list.canMaintain
  const open = list.showing === s.id
  const editing = list.editing === s.id

  // A play opens the row's pipelines, where the new one appears.
  const { act, busy } = useScheduleAction(list.projectId, s, (action) => action === 'play' && list.showPipelines(s.id))

  return (
    <>
      <div className="actions">
        <Button
          size="small"
          onClick={() => list.togglePipelines(s.id)}
          aria-expanded={open}
          data-testid="schedule-pipelines-toggle"
        >
          {open ? 'Hide pipelines' : 'Pipelines'}
        </Button>
        {list.canPlay && (
          <Button
            size="small"
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
          <Button
            size="small"
            onClick={() => list.toggleEditor(s.id)}
            aria-expanded={editing}
            data-testid="schedule-edit-button"
          >
            {editing ? 'Close editor' : 'Edit'}
          </Button>
        )}
        {!isOwner && list.canMaintain && (
          <Button
            size="small"
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
            question={`Delete the schedule “${s.description}”?`}
            ariaLabel={`Delete schedule ${s.description}`}
            testId="delete-schedule"
            size="small"
            done={`Schedule “${s.description}” deleted.`}
          />
        )}
      </div>
      {act.error && (
        <div className="field-error" role="alert" data-testid="schedule-action-error">
          {act.error.message}
        </div>
      )}
    </>
  )
}
