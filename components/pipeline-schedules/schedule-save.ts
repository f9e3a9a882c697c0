// Saving a schedule from the console is several API calls, as in GitLab's own UI: the schedule
// (with its inputs) first, then each variable added, changed or removed. Kept apart from the form
// so the diff rules stay readable.
import type { ApiRequest } from '../api-client'
import type { PipelineSchedule, ScheduleInput, ScheduleVariable } from './types'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export interface VariableRow {
  key: string
  value: string
  variable_type: 'env_var' | 'file'
}
export interface InputRow {
  name: string
  value: string
}

export interface ScheduleDraft {
  description: string
  cron: string
  cron_timezone: string
  ref: string
  active: boolean
  variables: VariableRow[]
  inputs: InputRow[]
}

/** Input values keep their JSON type (true, 42, ["a"]) when they parse as JSON; anything else is text. */
export function parseInputValue(text: string): unknown {
  const t = text.trim()
  if (t === '') return ''
  try {
    const v: unknown = JSON.parse(t)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? text : v
  } catch {
    return text
  }
}

export const inputText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

/** Saves without the per-call toast: the form says "Schedule saved." once for all of its calls. */
export async function saveSchedule(
  api: ApiRequest,
  projectId: number,
  draft: ScheduleDraft,
  existing?: PipelineSchedule,
): Promise<void> {
  const rows = draft.inputs.filter((i) => i.name.trim())
  const inputs: ScheduleInput[] = rows.map((i) => ({ name: i.name.trim(), value: parseInputValue(i.value) }))
  const kept = new Set(inputs.map((i) => i.name))
  const removedInputs = (existing?.inputs ?? [])
    .filter((i) => !kept.has(i.name))
    .map((i) => ({ name: i.name, _destroy: true }))
  const body = {
    description: draft.description,
    cron: draft.cron,
    cron_timezone: draft.cron_timezone,
    ref: draft.ref,
    active: draft.active,
    inputs: [...inputs, ...removedInputs],
  }
  const saved = existing
    ? await api.quiet(endpoints.pipelineSchedule.update, { id: projectId, pipeline_schedule_id: existing.id, ...body })
    : await api.quiet(endpoints.pipelineSchedule.create, { id: projectId, ...body })

  const schedule = { id: projectId, pipeline_schedule_id: saved.id }
  const before = new Map((existing?.variables ?? []).map((v) => [v.key, v]))
  const wanted = draft.variables.filter((v) => v.key.trim())
  for (const v of wanted) {
    const key = v.key.trim()
    const old = before.get(key)
    before.delete(key)
    if (!old)
      await api.quiet(endpoints.pipelineSchedule.createVariable, {
        ...schedule,
        key,
        value: v.value,
        variable_type: v.variable_type,
      })
    else if (old.value !== v.value || old.variable_type !== v.variable_type)
      await api.quiet(endpoints.pipelineSchedule.updateVariable, {
        ...schedule,
        key,
        value: v.value,
        variable_type: v.variable_type,
      })
  }
  for (const gone of before.values())
    await api.quiet(endpoints.pipelineSchedule.removeVariable, { ...schedule, key: gone.key })
}

export const variableRows = (v: ScheduleVariable[] = []): VariableRow[] =>
  v.map(({ key, value, variable_type }) => ({ key, value, variable_type }))
export const inputRows = (i: ScheduleInput[] = []): InputRow[] =>
  i.map(({ name, value }) => ({ name, value: inputText(value) }))
