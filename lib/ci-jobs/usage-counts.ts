// CI jobs counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const jobUsageCounts = {
  all: sqlCount('SELECT COUNT("Job"."id") AS count FROM "Job"'),
}
