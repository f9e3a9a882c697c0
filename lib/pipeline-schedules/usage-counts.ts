// Pipeline schedules counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const pipelineScheduleUsageCounts = {
  all: sqlCount('SELECT COUNT("PipelineSchedule"."id") AS count FROM "PipelineSchedule"'),
}
