// PostgreSQL restarted under load (issue 34 §3, `npm run test:faults`, as root: it runs initdb as
// the postgres user). A private cluster on a free port — never the shared server — is stopped while
// a writer and a reader keep going against two API processes: every answer in the gap is 503 with
// its cause (or a refused connection, never 500), the processes reconnect by themselves once the
// cluster is back, and every write that was acknowledged (2xx) is still there.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateCluster, type PrivateCluster } from '../../scripts/bench/pg-cluster.mjs'
import { freePort } from '../free-port'
import { call, startServer, type FaultServer } from './server'

let pg: PrivateCluster | undefined
let dbUrl = ''
let server: FaultServer | undefined

beforeAll(async () => {
  const cluster = (pg = await privateCluster({ settings: ['fsync=off'] }))
  dbUrl = cluster.createDatabase('app')
  server = await startServer({
    DATA_DIR: path.join(cluster.dir, 'data'),
    DATABASE_URL: dbUrl,
    WEB_CONCURRENCY: '2',
    PORT: String(await freePort()),
  })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  pg?.remove()
})

describe('PostgreSQL restarted under load', () => {
  it('answers 503 in the gap, reconnects by itself, and loses no acknowledged write', async () => {
    const url = server!.url
    const acknowledged: string[] = []
    const statuses = new Map<number, number>()
    const gapBodies = new Set<string>()
    let phase: 'before' | 'gap' | 'after' = 'before'
    const load = { running: true }
    const note = (status: number, body: string) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (phase === 'gap' && status !== 201 && status !== 200) gapBodies.add(`${status} ${body.slice(0, 120)}`)
    }
    let n = 0
    const writer = (async () => {
      while (load.running) {
        const p = `pg-${n++}-${Date.now()}`
        const r = await call(url, 'POST', '/groups', { name: p, path: p })
        note(r.status, r.body)
        if (r.status === 201) acknowledged.push(p)
      }
    })()
    const reader = (async () => {
      while (load.running) {
        const r = await call(url, 'GET', '/groups?per_page=5')
        note(r.status, r.body)
      }
    })()
    const deadline = (ms: number) => Date.now() + ms
    const until = async (what: string, ok: () => boolean, ms: number) => {
      const end = deadline(ms)
      while (!ok()) {
        if (Date.now() > end)
          throw new Error(
            `timed out waiting for ${what}: ${JSON.stringify([...statuses])} ${[...gapBodies].join(' | ')}\n${server!.output().slice(-3000)}`,
          )
        await new Promise((r) => setImmediate(r))
      }
    }
    try {
      await until('20 acknowledged writes', () => acknowledged.length >= 20, 30_000)
      pg!.stop('fast')
      phase = 'gap'
      const stopped = Date.now()
      const seen503 = () => statuses.get(503) ?? 0
      // A gap of seconds, not a blink: every request in it meets the stopped server.
      await until(
        'ten 503 answers and 3 s while the database is down',
        () => seen503() >= 10 && Date.now() - stopped >= 3000,
        15_000,
      )
      const ackedBeforeRestart = acknowledged.length
      pg!.start()
      const restarted = Date.now()
      phase = 'after'
      await until('a write acknowledged after the restart', () => acknowledged.length > ackedBeforeRestart + 5, 30_000)
      const recovery = (Date.now() - restarted) / 1000
      load.running = false
      await Promise.all([writer, reader])
      console.log(
        `postgres restart: outage ${((restarted - stopped) / 1000).toFixed(1)} s, recovered ${recovery.toFixed(1)} s after the restart; answers ${JSON.stringify(Object.fromEntries(statuses))}; in the gap: ${[...gapBodies].slice(0, 4).join(' | ')}`,
      )
    } finally {
      load.running = false
      await Promise.all([writer, reader])
    }
    expect(statuses.get(500) ?? 0).toBe(0)
    expect([...statuses.keys()].filter((s) => ![200, 201, 503, 0].includes(s))).toEqual([])
    for (const body of gapBodies)
      expect(body).toMatch(
        /^(503 \{"message":"503 Service Unavailable - the (database server|connection to the database server)[^"]*"\}|0 )/,
      )
    // Every acknowledged write is there after the restart.
    for (const p of acknowledged) expect((await call(url, 'GET', `/groups/${p}`)).status, p).toBe(200)
  })

  it('a process started while PostgreSQL is down waits for it instead of exiting, then serves', async () => {
    pg!.stop('fast')
    const port = await freePort()
    const starting = startServer({
      DATA_DIR: path.join(pg!.dir, 'data'),
      DATABASE_URL: dbUrl,
      WEB_CONCURRENCY: '1',
      PORT: String(port),
    })
    let exited = false
    void starting.catch(() => (exited = true))
    // Long enough for a process that gives up to have exited (its first connection is refused at once).
    const waitedFrom = Date.now()
    while (Date.now() - waitedFrom < 2000) await new Promise((r) => setTimeout(r, 50))
    expect(exited).toBe(false)
    pg!.start()
    const late = await starting
    try {
      expect((await call(late.url, 'GET', '/version')).status).toBe(200)
    } finally {
      await late.stop()
    }
  })
})
