import type { Pipeline, PipelineSchedule, PipelineScheduleVariable, User } from '../db'
import { pipelineBasic } from '../pipelines/entity'
import { userBasic } from '../users/entity'
import type { ScheduleDetailJson, ScheduleJson, ScheduleVariableJson } from './schema'
import { isoOrNull as iso } from '../api/time'

export function scheduleEntity(s: PipelineSchedule, owner: User | null): ScheduleJson {
  return {
    id: s.id,
    description: s.description,
    ref: s.ref,
    cron: s.cron,
    cron_timezone: s.cronTimezone,
    next_run_at: iso(s.nextRunAt),
    active: s.active,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
    owner: owner ? userBasic(owner) : null,
    inputs: JSON.parse(s.inputs) as { name: string; value: unknown }[],
  }
}

export const variableEntity = (v: PipelineScheduleVariable): ScheduleVariableJson => ({
  variable_type: v.variableType,
  key: v.key,
  value: v.value,
  raw: false,
})

/** PipelineScheduleDetails: `variables` only for who may read them (read_pipeline_schedule_variables). */
export function scheduleDetail(
  s: PipelineSchedule & { variables: PipelineScheduleVariable[] },
  owner: User | null,
  last: Pipeline | null,
  projectPath: string,
  showVariables: boolean,
): ScheduleDetailJson {
  const json: ScheduleDetailJson = Object.assign(scheduleEntity(s, owner), {
    last_pipeline: last ? pipelineBasic(last, projectPath) : null,
  })
  if (showVariables) json.variables = s.variables.map(variableEntity)
  return json
}
