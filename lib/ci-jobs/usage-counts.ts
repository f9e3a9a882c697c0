// CI jobs counted for the usage data (service ping) and the admin overview; the statements name
// this domain's own table.
import { sqlCount } from '../db'

export const jobUsageCounts = {
  all: sqlCount('SELECT COUNT("Job"."id") AS count FROM "Job"'),
  // Waiting for a runner; the [status, id] index answers it.
  pending: sqlCount(`SELECT COUNT("Job"."id") AS count FROM "Job" WHERE "Job"."status" = 'pending'`),
}
