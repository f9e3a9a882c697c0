// Issue 34 §3 in `npm test`: one kill -9 per job kind, each at a point in the middle of its work
// (test/job-kills/scenarios.ts; every point of every kind is `npm run test:faults`). Runs after the
// other serial files on the same database, so what they left queued is set aside first: a crash
// server's worker takes any due task, and a leftover export claimed first used up a kill meant for
// this file's own (on PostgreSQL two of its exports then stayed pending past the deadline).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api } from '../helpers'
import { stopCrashServers } from '../crash-server'
import {
  bulkImport,
  groupExport,
  printReport,
  registryCleanup,
  relationsExport,
  scheduleFiring,
  type KillReport,
} from '../job-kills/scenarios'

beforeAll(async () => {
  const left = await (
    await getDb()
  ).queuedTask.updateMany({
    where: { status: { in: ['pending', 'running'] } },
    data: { status: 'canceled', lastError: 'set aside by job-kills.test.ts' },
  })
  if (left.count) console.log(`job kills: ${left.count} task(s) other files left queued set aside`)
})
afterEach(() => stopCrashServers())
afterAll(() =>
  api('PUT', '/application/settings', {
    json: { bulk_importing_enabled: false, allow_local_requests_from_web_hooks_and_services: false },
  }),
)

const clean = (r: KillReport) => {
  printReport(r)
  expect({ duplicates: r.duplicates, halfWritten: r.halfWritten, lost: r.lost }).toEqual({
    duplicates: 0,
    halfWritten: 0,
    lost: 0,
  })
}

describe('each job kind killed with -9 once, mid-work', () => {
  it('schedule firing, after its commit', async () => clean(await scheduleFiring('after-commit')), 180_000)
  it('group export, mid-tree', async () => clean(await groupExport(['group_export:after-group-2'])), 180_000)
  it(
    'relations export, after the first relation',
    async () => clean(await relationsExport(['relations_export:after-relation-1'])),
    180_000,
  )
  it(
    'direct transfer, after the group is made',
    async () => clean(await bulkImport(['bulk_import:after-create-group'])),
    180_000,
  )
  it(
    'registry cleanup, after a batch',
    async () => clean(await registryCleanup(['container_tags_cleanup:after-batch-3'])),
    180_000,
  )
})
