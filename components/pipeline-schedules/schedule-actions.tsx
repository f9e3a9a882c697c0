'use client'
// A schedule's actions: Pipelines / Edit (their panels open below the table), Play, Take
// ownership (a Maintainer, of someone else's schedule) and Delete after a confirm. Changes are for
// the owner or a Maintainer+, as the API enforces.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { Button, ConfirmButton, useToast } from '@/components/ui'
import { endpoints } from '@/lib/console/endpoint-refs'
import { useApi } from '../console-providers'
import { useScheduleList } from './schedule-list-context'
import { pipelinesKey } from './schedule-pipelines'
import type { PipelineSchedule } from './types'

type Action = 'play' | 'take_ownership'

export function ScheduleActions({ schedule: s }: { schedule: PipelineSchedule }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const queryClient = useQueryClient()
  const list = useScheduleList()
  const one = { id: list.projectId, pipeline_schedule_id: s.id }
  const isOwner = s.owner?.id === list.currentUserId
  const canChange = isOwner || list.canMaintain
  const open = list.showing === s.id
  const editing = list.editing === s.id

  const act = useMutation({
    mutationFn: (action: Action) => api.quiet(action === 'play' ? endpoints.pipelineSchedule.play : endpoints.pipelineSchedule.takeOwnership, one),
    onSuccess: (_data, action) => {
      if (action === 'play') {
        toast.success(`Pipeline for “${s.description}” started.`)
        list.showPipelines(s.id)
      } else toast.success(`You now own “${s.description}”.`)
      void queryClient.invalidateQueries({ queryKey: pipelinesKey(list.projectId, s.id) })
      router.refresh()
    },
  })
  const busy = (action: Action) => act.isPending && act.variables === action

  return (
    <>
      <div className="actions">
        <Button size="small" onClick={() => list.togglePipelines(s.id)} aria-expanded={open} data-testid="schedule-pipelines-toggle">
          {open ? 'Hide pipelines' : 'Pipelines'}
        </Button>
        <Button size="small" pending={busy('play')} pendingLabel="Starting…" disabled={act.isPending} onClick={() => act.mutate('play')} data-testid="schedule-play-button">
          Play
        </Button>
        {canChange && (
          <Button size="small" onClick={() => list.toggleEditor(s.id)} aria-expanded={editing} data-testid="schedule-edit-button">
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
