// Issue 34 §3, the full set: every job kind killed with -9 at each of its named points (after the
// claim, mid-batch, before done; the schedule firing before and after its commit), a server started
// again after each kill, and the work checked once it settled (test/job-kills/scenarios.ts). A queue
// task has three attempts: a run chains at most two kills. Prints one line per run and a total.
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { api } from '../../helpers'
import { stopCrashServers } from '../../crash-server'
import {
  bulkImport,
  groupExport,
  printReport,
  registryCleanup,
  relationsExport,
  scheduleFiring,
  type KillReport,
} from '../../job-kills/scenarios'

const reports: KillReport[] = []
afterEach(() => stopCrashServers())
afterAll(async () => {
  await api('PUT', '/application/settings', {
    json: { bulk_importing_enabled: false, allow_local_requests_from_web_hooks_and_services: false },
  })
  const sum = (k: keyof Pick<KillReport, 'kills' | 'duplicates' | 'halfWritten' | 'lost'>) =>
    reports.reduce((a, r) => a + r[k], 0)
  const kinds = new Set(reports.map((r) => r.kind)).size
  console.log(
    `kill -9 report: ${reports.reduce((a, r) => a + r.points.length, 0)} kill points × ${kinds} job kinds, ${sum('kills')} kills; duplicates ${sum('duplicates')}, half-written ${sum('halfWritten')}, lost ${sum('lost')}`,
  )
})

const clean = (r: KillReport) => {
  printReport(r)
  reports.push(r)
  expect({ duplicates: r.duplicates, halfWritten: r.halfWritten, lost: r.lost }).toEqual({
    duplicates: 0,
    halfWritten: 0,
    lost: 0,
  })
}

const runs: [string, () => Promise<KillReport>][] = [
  ['schedule firing, before its commit', () => scheduleFiring('before-commit')],
  ['schedule firing, after its commit', () => scheduleFiring('after-commit')],
  [
    'group export, after the claim then mid-tree',
    () => groupExport(['group_export:after-claim', 'group_export:after-group-2']),
  ],
  [
    'group export, after the last group then before done',
    () => groupExport(['group_export:after-group-3', 'group_export:before-done']),
  ],
  [
    'relations export, after the claim then after the first relation',
    () => relationsExport(['relations_export:after-claim', 'relations_export:after-relation-1']),
  ],
  [
    'relations export, after the last relation then before done',
    () => relationsExport(['relations_export:after-relation-6', 'relations_export:before-done']),
  ],
  [
    'direct transfer, after the claim then after the group is made',
    () => bulkImport(['bulk_import:after-claim', 'bulk_import:after-create-group']),
  ],
  [
    'direct transfer, after the first entity then after the project is made',
    () => bulkImport(['bulk_import:after-entity-1', 'bulk_import:after-create-project']),
  ],
  [
    'direct transfer, after a relation then before done',
    () => bulkImport(['bulk_import:after-schedules', 'bulk_import:before-done']),
  ],
  [
    'registry cleanup, after the claim then after the batch',
    () => registryCleanup(['container_tags_cleanup:after-claim', 'container_tags_cleanup:after-batch-3']),
  ],
  ['registry cleanup, before done', () => registryCleanup(['container_tags_cleanup:before-done'])],
]

describe('every job kind killed with -9 at every named point', () => {
  for (const [name, run] of runs) it(name, async () => clean(await run()), 180_000)
})
