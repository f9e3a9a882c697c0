'use client'
// What the schedules table's cells share: who is looking, and which schedule's editor or
// pipelines are open below the table (one of each at a time).
import { createContext, useContext } from 'react'
import { must } from '@/lib/util/defined'

export interface ScheduleListState {
  projectId: number
  schedulesPath: string
  currentUserId: number | null
  canMaintain: boolean
  canPlay: boolean
  viewerZone: string | null
  editing: number | null
  showing: number | null
  toggleEditor(id: number): void
  togglePipelines(id: number): void
  showPipelines(id: number): void
}

export const ScheduleListContext = createContext<ScheduleListState | null>(null)

export function useScheduleList(): ScheduleListState {
  return must(useContext(ScheduleListContext), 'ScheduleListContext')
}
