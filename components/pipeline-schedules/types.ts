// Shapes of the pipeline schedule API (GitLab's) as the console uses them.
import type { ScheduleDetailJson } from '@/lib/pipeline-schedules/schema'

export interface ScheduleOwner {
  id: number
  username: string
  name: string
}

export interface PipelineSchedule {
  id: number
  description: string
  ref: string
  cron: string
  cron_timezone: string
  next_run_at: string | null
  active: boolean
  owner: ScheduleOwner | null
  last_pipeline?: { id: number; status: string; ref: string; created_at: string | null; web_url?: string } | null
  /** Present on single-schedule reads only, and only for its owner and Maintainers. */
  variables?: ScheduleVariable[]
  inputs?: ScheduleInput[]
}

export interface ScheduleVariable {
  key: string
  value: string
  variable_type: 'env_var' | 'file'
}

export interface ScheduleInput {
  name: string
  value: unknown
}

/**
 * A single-schedule read as the console's components take it (the schema's variable_type is a
 * string); the variables are absent for a Developer who does not own the schedule.
 */
export function scheduleView(d: ScheduleDetailJson): PipelineSchedule {
  return {
    ...d,
    variables: d.variables?.map((v) => ({
      key: v.key,
      value: v.value,
      variable_type: v.variable_type === 'file' ? 'file' : 'env_var',
    })),
  }
}

export const CRON_PRESETS = [
  { name: 'every-minute', label: 'Every minute', cron: '* * * * *' },
  { name: 'hourly', label: 'Every hour', cron: '0 * * * *' },
  { name: 'daily', label: 'Every day (at 00:00)', cron: '0 0 * * *' },
  { name: 'weekly', label: 'Every week (Sunday at 00:00)', cron: '0 0 * * 0' },
  { name: 'monthly', label: 'Every month (day 1 at 00:00)', cron: '0 0 1 * *' },
] as const

/** The preset's words for a cron, or the raw expression. */
export function describeCron(cron: string): string {
  return CRON_PRESETS.find((p) => p.cron === cron.trim())?.label ?? cron
}

/** "refs/heads/main" → "main" (tags and plain names unchanged apart from the prefix). */
export function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '')
}

export { formatTime } from '@/lib/pipeline-schedules/format-time'
