// `npm run bench:epics`: one epic with 1,000 linked issues (BENCH_EPIC_ISSUES) on a fresh SQLite
// data directory, the API in-process. Reports GET pages of 20 and 100 (p50/p99 and queries per
// request: the same for both sizes), then 1,000 random reorders (positions checked distinct after
// every 100; rebalances counted). Writes bench/results-epics.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ISSUES = Number(process.env.BENCH_EPIC_ISSUES ?? 1000)
const REORDERS = Number(process.env.BENCH_EPIC_REORDERS ?? 1000)
const ROOT_TOKEN = 'glpat-bench-epics-root-000001'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-epics-'))
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${path.join(dataDir, 'bench.db')}`,
  INITIAL_ROOT_TOKEN: ROOT_TOKEN,
  INITIAL_ROOT_PASSWORD: 'bench-root-password',
  AUTH_SECRET: 'bench-secret',
  LOG_LEVEL: 'warn',
  DB_COUNT_QUERIES: '1',
  EXTERNAL_URL: 'http://127.0.0.1',
})

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (n: number) => Math.round(n * 100) / 100

async function main() {
  const { getDb, queryCount } = await import('../../lib/db')
  const { startInProcessApi } = await import('./in-process-api')
  const { rebalanceCount } = await import('../../lib/epic-issues/service')
  const server = await startInProcessApi(ROOT_TOKEN)
  const api = async (method: string, p: string, body?: unknown) => {
    const res = await server.api(method, p, body)
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  const group = (await api('POST', '/groups', { name: 'Bench epics', path: 'bench-epics' })) as { id: number }
  const project = (await api('POST', '/projects', { name: 'bench-issues', namespace_id: group.id })) as { id: number }
  const epic = (await api('POST', `/groups/${group.id}/epics`, { title: 'Big epic' })) as { iid: number }
  const setupStarted = performance.now()
  const issueIds: number[] = []
  for (let i = 0; i < ISSUES; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, ISSUES - i) }, (_, j) =>
        api('POST', `/projects/${project.id}/issues`, { title: `Issue ${i + j}` }),
      ),
    )
    issueIds.push(...batch.map((b) => (b as { id: number }).id))
  }
  const linkIds: number[] = []
  for (const id of issueIds)
    linkIds.push(((await api('POST', `/groups/${group.id}/epics/${epic.iid}/issues/${id}`)) as { id: number }).id)
  const setupMs = performance.now() - setupStarted
  const links = `/groups/${group.id}/epics/${epic.iid}/issues`

  async function measure(perPage: number, n: number) {
    const times: number[] = []
    const queries: number[] = []
    for (let i = 0; i < n; i++) {
      const page = 1 + (i % Math.max(1, Math.floor(ISSUES / perPage)))
      const q = queryCount()
      const t = performance.now()
      await api('GET', `${links}?per_page=${perPage}&page=${page}`)
      times.push(performance.now() - t)
      queries.push(queryCount() - q)
    }
    times.sort((a, b) => a - b)
    return {
      per_page: perPage,
      requests: n,
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      queries_per_request: Math.max(...queries),
    }
  }
  const pages = [await measure(20, 200), await measure(100, 200)]

  const rebalancesBefore = rebalanceCount.total
  const reorderTimes: number[] = []
  let collisions = 0
  for (let i = 0; i < REORDERS; i++) {
    const moved = linkIds[Math.floor(Math.random() * linkIds.length)]!
    let neighbour = linkIds[Math.floor(Math.random() * linkIds.length)]!
    if (neighbour === moved) neighbour = linkIds[(linkIds.indexOf(moved) + 1) % linkIds.length]!
    const key = Math.random() < 0.5 ? 'move_before_id' : 'move_after_id'
    const t = performance.now()
    await api('PUT', `${links}/${moved}`, { [key]: neighbour })
    reorderTimes.push(performance.now() - t)
    if ((i + 1) % 100 === 0) {
      const rows = await (await getDb()).workItemParentLink.findMany({ select: { relativePosition: true } })
      if (new Set(rows.map((r) => r.relativePosition)).size !== rows.length) collisions++
    }
  }
  reorderTimes.sort((a, b) => a - b)
  const randomRebalances = rebalanceCount.total - rebalancesBefore

  // The worst case for gaps: always moving the last link in between the first two halves the same
  // gap until it closes, so rebalances happen every few moves.
  const adversarialBefore = rebalanceCount.total
  const adversarialTimes: number[] = []
  for (let i = 0; i < 200; i++) {
    const [first, second] = (await api('GET', `${links}?per_page=2`)) as { epic_issue_id: number }[]
    const [last] = (await api('GET', `${links}?per_page=1&page=${ISSUES}`)) as { epic_issue_id: number }[]
    const t = performance.now()
    await api('PUT', `${links}/${last!.epic_issue_id}`, {
      move_before_id: first!.epic_issue_id,
      move_after_id: second!.epic_issue_id,
    })
    adversarialTimes.push(performance.now() - t)
  }
  adversarialTimes.sort((a, b) => a - b)
  const finalRows = await (await getDb()).workItemParentLink.findMany({ select: { relativePosition: true } })
  if (new Set(finalRows.map((r) => r.relativePosition)).size !== finalRows.length) collisions++

  const results = {
    generated_at: new Date().toISOString(),
    database: process.env.DATABASE_URL?.startsWith('postgres') ? 'postgresql' : 'sqlite',
    issues: ISSUES,
    setup_ms: Math.round(setupMs),
    pages,
    reorders: {
      count: REORDERS,
      p50_ms: round(percentile(reorderTimes, 50)),
      p99_ms: round(percentile(reorderTimes, 99)),
      rebalances: randomRebalances,
      position_collisions: collisions,
    },
    adversarial_moves: {
      count: 200,
      p50_ms: round(percentile(adversarialTimes, 50)),
      p99_ms: round(percentile(adversarialTimes, 99)),
      rebalances: rebalanceCount.total - adversarialBefore,
    },
    load_average: os.loadavg().map((l) => round(l)),
  }
  writeFileSync(
    path.join(import.meta.dirname, '../../bench/results-epics.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  )
  console.log(JSON.stringify(results, null, 2))
  server.close()
  rmSync(dataDir, { recursive: true, force: true })
  const ok = collisions === 0 && pages[0]!.queries_per_request === pages[1]!.queries_per_request
  process.exit(ok ? 0 : 1)
}

main().catch((err: unknown) => {
  console.error(err)
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(1)
})
