// Pipelines counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const pipelineUsageCounts = {
  all: sqlCount('SELECT COUNT("Pipeline"."id") AS count FROM "Pipeline"'),
  scheduled: sqlCount(`SELECT COUNT("Pipeline"."id") AS count FROM "Pipeline" WHERE "Pipeline"."source" = 'schedule'`),
}
