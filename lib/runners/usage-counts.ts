// Runners counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

const ofType = (type: string) =>
  sqlCount(`SELECT COUNT("Runner"."id") AS count FROM "Runner" WHERE "Runner"."runnerType" = '${type}'`)

export const runnerUsageCounts = {
  all: sqlCount('SELECT COUNT("Runner"."id") AS count FROM "Runner"'),
  instance: ofType('instance_type'),
  group: ofType('group_type'),
  project: ofType('project_type'),
}
