// Pipelines created by schedules so far, and how many schedules fired more than once.
import { getDb } from '../../lib/db'

const db = await getDb()
const fired = await db.pipeline.count({ where: { source: 'schedule' } })
const groups = await db.pipeline.groupBy({ by: ['scheduleId'], where: { source: 'schedule' }, _count: { _all: true } })
console.log(JSON.stringify({ fired, duplicates: groups.filter((g) => g._count._all > 1).length }))
process.exit(0)
