'use client'
// The one-click writes on a schedule, shared by its row in the list and its own page: Play, Take
// ownership, Activate / Deactivate. Each toasts, refreshes the schedule's pipelines and the
// server-rendered parts of the page (badge, owner, next run, last pipeline), without a reload.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useToast } from '@/components/ui'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import { useApi } from '../console-providers'
import { pipelinesKey } from './schedule-pipelines'
import type { PipelineSchedule } from './types'

export type ScheduleAction = 'play' | 'take_ownership' | 'activate' | 'deactivate'

const DONE: Record<ScheduleAction, (name: string) => string> = {
  play: (name) => `Pipeline for “${name}” started.`,
  take_ownership: (name) => `You now own “${name}”.`,
  activate: (name) => `Schedule “${name}” activated.`,
  deactivate: (name) => `Schedule “${name}” deactivated.`,
}

export function useScheduleAction(projectId: number, s: PipelineSchedule, onDone?: (action: ScheduleAction) => void) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const queryClient = useQueryClient()
  const one = { id: projectId, pipeline_schedule_id: s.id }
  const act = useMutation({
    // The answers are not read: the refresh below shows what changed.
    mutationFn: async (action: ScheduleAction): Promise<void> => {
      if (action === 'play') await api.quiet(endpoints.pipelineSchedule.play, one)
      else if (action === 'take_ownership') await api.quiet(endpoints.pipelineSchedule.takeOwnership, one)
      else await api.quiet(endpoints.pipelineSchedule.update, { ...one, active: action === 'activate' })
    },
    onSuccess: (_data, action) => {
      toast.success(DONE[action](s.description))
      onDone?.(action)
      void queryClient.invalidateQueries({ queryKey: pipelinesKey(projectId, s.id) })
      router.refresh()
    },
  })
  return { act, busy: (action: ScheduleAction) => act.isPending && act.variables === action }
}
