// An API process killed with -9 under load (issue 34 §3, `npm run test:faults`): three API
// processes on a database of the test's own (a SQLite file; a fresh PostgreSQL database when
// TEST_DATABASE_URL is set), sixteen clients writing and reading on fresh connections, group
// exports queued as they go. One API process is SIGKILLed: the cluster's primary
// (lib/server/cluster.ts) starts another, the clients see connection errors only around the kill
// (at most one per client: the request each had on the dead process), never a 5xx, every write that
// was acknowledged (2xx) is there afterwards, and every queued export finished once.
import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { ownDatabase, type OwnDatabase } from './own-database'
import { FAULT_TOKEN, startServer, type FaultServer } from './server'

let db: OwnDatabase | undefined
let server: FaultServer | undefined

beforeAll(async () => {
  db = await ownDatabase('faults-api-kill')
  server = await startServer({
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    WEB_CONCURRENCY: '3',
    PORT: String(await freePort()),
    QUEUE_POLL_MS: '100',
    QUEUE_HEARTBEAT_MS: '200',
    QUEUE_ABANDON_AFTER_MS: '2000',
  })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await db?.drop()
})

/** The API processes: the primary's children (no console process in this start). */
const apiPids = () =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(server!.child.pid)])
    .toString()
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0)

/** One request on a connection of its own (no keep-alive pool that would outlive the process it reached). */
function call(
  method: string,
  apiPath: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(`${server!.url}/api/v4${apiPath}`)
  const body = form ? new URLSearchParams(form).toString() : undefined
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: false,
        timeout: 15_000,
        headers: {
          'PRIVATE-TOKEN': FAULT_TOKEN,
          ...(body
            ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += String(d)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        res.on('error', (e) => resolve({ status: 0, body: String(e) }))
      },
    )
    req.on('error', (e) => resolve({ status: 0, body: String(e) }))
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.end(body)
  })
}

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number, state = () => '') => {
  const end = Date.now() + ms
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} ${state()}\n${server!.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('an API process killed with -9 under load', () => {
  it('is replaced; only requests on it fail; no acknowledged write is lost; queued exports finish once', async () => {
    const before = apiPids()
    expect(before).toHaveLength(3)
    const statuses = new Map<number, number>()
    const errors: { started: number; body: string }[] = []
    const fivexx: string[] = []
    const acknowledged: string[] = []
    const exports: number[] = []
    const load = { running: true }
    const note = (status: number, body: string, started: number, what = '') => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 500) fivexx.push(`${what} ${status} ${body.slice(0, 300)}`)
      // GitLab limits group exports (6 a minute per user): 429 there is the product's answer.
      if (status === 429 && what !== 'POST export') fivexx.push(`${what} 429 ${body.slice(0, 100)}`)
      if (status === 0) errors.push({ started, body })
    }
    let n = 0
    const writer = async () => {
      while (load.running) {
        const p = `kill-${n++}-${Date.now()}`
        const started = Date.now()
        const r = await call('POST', '/groups', { name: p, path: p })
        note(r.status, r.body, started, 'POST /groups')
        if (r.status !== 201) continue
        acknowledged.push(p)
        if (n % 5 === 0) {
          const id = (JSON.parse(r.body) as { id: number }).id
          const t = Date.now()
          const e = await call('POST', `/groups/${id}/export`)
          note(e.status, e.body, t, 'POST export')
          if (e.status === 202) exports.push(id)
        }
      }
    }
    const reader = async () => {
      while (load.running) {
        const started = Date.now()
        const r = await call('GET', '/groups?per_page=5')
        note(r.status, r.body, started, 'GET /groups')
      }
    }
    const clients = [...Array.from({ length: 8 }, writer), ...Array.from({ length: 8 }, reader)]
    const at = { killed: 0, replaced: 0 }
    try {
      await until('40 acknowledged writes', () => acknowledged.length >= 40, 60_000)
      const victim = before[1]!
      at.killed = Date.now()
      process.kill(victim, 'SIGKILL')
      await until(
        'a replacement API process',
        () => {
          const now = apiPids()
          return now.length === 3 && !now.includes(victim)
        },
        30_000,
      )
      await until(
        'the replacement serving',
        () => server!.output().includes(`process ${victim} died (SIGKILL): starting another`),
        30_000,
      )
      at.replaced = Date.now()
      const ackedAtReplacement = acknowledged.length
      await until('40 more acknowledged writes', () => acknowledged.length >= ackedAtReplacement + 40, 60_000)
    } finally {
      load.running = false
      await Promise.all(clients)
    }
    const after = apiPids()
    console.log(
      `api kill -9 (${db!.kind}): 3 API processes, 16 clients; answers ${JSON.stringify(Object.fromEntries(statuses))}; connection errors ${errors.length} (all started before the replacement: ${errors.every((e) => e.started <= at.replaced)}); replaced in ${((at.replaced - at.killed) / 1000).toFixed(1)} s; acknowledged writes ${acknowledged.length}, exports ${exports.length}`,
    )
    expect(fivexx, server!.output().slice(-4000)).toEqual([])
    expect([...statuses.keys()].filter((s) => ![0, 200, 201, 202, 429].includes(s))).toEqual([])
    // At most the request each client had on the dead process, and none once the replacement serves.
    expect(errors.length).toBeLessThanOrEqual(16)
    for (const e of errors) expect(e.started, e.body).toBeLessThanOrEqual(at.replaced)
    expect(after).toHaveLength(3)
    // Every acknowledged write is there.
    for (const p of acknowledged) expect((await call('GET', `/groups/${p}`)).status, p).toBe(200)
    // Every queued export finished, once: one task per group, succeeded, its archive whole.
    const tasks = async () =>
      JSON.parse((await call('GET', '/admin/queue/tasks?kind=group_export&per_page=100')).body) as {
        concurrency_key: string
        status: string
      }[]
    let seen: { concurrency_key: string; status: string }[] = []
    await until(
      'the exports finished',
      async () => (seen = await tasks()).filter((t) => t.status === 'succeeded').length >= exports.length,
      60_000,
      () => JSON.stringify(seen),
    )
    const all = await tasks()
    expect(all.length).toBeLessThan(100)
    for (const id of exports) {
      const mine = all.filter((t) => t.concurrency_key === `group_export:${id}`)
      expect(
        mine.map((t) => t.status),
        String(id),
      ).toEqual(['succeeded'])
      const download = await call('GET', `/groups/${id}/export/download`)
      expect(download.status, String(id)).toBe(200)
    }
    expect(all.filter((t) => t.status !== 'succeeded')).toEqual([])
  })
})
