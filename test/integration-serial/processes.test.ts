// Several processes on one database behave as one (issue 18): the server as `npm start` runs it with
// WEB_CONCURRENCY=3 (node:cluster, three workers on one port). A change made by yet another process
// (this one) — a revoked token, a blocked user, a changed setting — is seen by every worker from the
// next request on, although each had it cached (docs/consistency.md; the coherence suite holds the
// same promise for every kind of write); schedules fire and queued tasks run exactly once.
import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { startApiCluster, stopProcess } from '../listening'
import '../fixtures/queue-tasks'
import { getDb } from '../../lib/db'
import { enqueue } from '../../lib/queue/store'
import { api, createUser, ROOT_TOKEN, until, unique, writeCiConfig } from '../helpers'

const WORKERS = 3
let child: ChildProcess
let port = 0

/** A GET on a new connection each time: the cluster hands connections to its workers in turn. */
function get(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: `/api/v4${path}`, agent: false, headers: { 'PRIVATE-TOKEN': token } },
      (res) => {
        let body = ''
        res.on('data', (d) => (body += String(d)))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Enough requests, one connection each, that every worker answers several of them. */
const round = (path: string, token: string) => Promise.all(Array.from({ length: WORKERS * 4 }, () => get(path, token)))

/**
 * Makes `change`, then asks every worker again at once: each answer must already agree with `seen`
 * (no retry, no window — a write's answer is sent only once every process will see it).
 */
async function seenOnTheNextRequest(
  path: string,
  token: string,
  change: () => Promise<unknown>,
  seen: (r: { status: number; body: string }) => boolean,
) {
  const before = await round(path, token)
  expect(before.filter(seen), 'no worker sees the change before it is made').toEqual([])
  await change()
  const after = await round(path, token)
  expect(
    after.filter((r) => !seen(r)),
    'answers that missed the change',
  ).toEqual([])
}

beforeAll(async () => {
  port = await freePort()
  const cluster = await startApiCluster({
    WEB_CONCURRENCY: String(WORKERS),
    PORT: String(port),
    LOG_LEVEL: 'fatal',
    SCHEDULER_INTERVAL_MS: '200',
    QUEUE_CONCURRENCY: '2',
    QUEUE_POLL_MS: '50',
  })
  child = cluster.child
  const out = cluster.output()
  expect(out).toContain(`(${WORKERS} API processes;`)
}, 120_000)

afterAll(async () => {
  await stopProcess(child)
})

describe(`${WORKERS} processes on one database`, () => {
  it('stop accepting a revoked token on the next request in every process', async () => {
    const u = await createUser()
    await seenOnTheNextRequest(
      '/user',
      u.token,
      () => api('DELETE', `/personal_access_tokens/${u.tokenId}`),
      (r) => r.status === 401,
    )
  })

  it('refuse a blocked user on the next request in every process', async () => {
    const u = await createUser()
    await seenOnTheNextRequest(
      '/user',
      u.token,
      async () => expect((await api('POST', `/users/${u.id}/block`)).status).toBe(201),
      (r) => r.status === 403,
    )
  })

  it('apply a changed setting on the next request in every process, although each has settings cached', async () => {
    const { body } = await get('/application/settings', ROOT_TOKEN)
    const next = (JSON.parse(body) as { max_pages_size: number }).max_pages_size + 1
    await seenOnTheNextRequest(
      '/application/settings',
      ROOT_TOKEN,
      async () =>
        expect((await api('PUT', '/application/settings', { json: { max_pages_size: next } })).status).toBe(200),
      (r) => (JSON.parse(r.body) as { max_pages_size: number }).max_pages_size === next,
    )
  })

  it('run each queued task exactly once, spread over the processes', async () => {
    const ids = (await Promise.all(Array.from({ length: 30 }, () => enqueue('test.record', { ms: 60 })))).map(
      (t) => t.id,
    )
    const db = await getDb()
    await until(
      'all tasks succeeded',
      () => db.queuedTask.findMany({ where: { id: { in: ids } } }),
      (rows) => rows.length === ids.length && rows.every((t) => t.status === 'succeeded'),
    )
    const runs = await Promise.all(
      ids.map((id) => db.systemValue.findMany({ where: { key: { startsWith: `queue-run:${id}:` } } })),
    )
    expect(runs.map((r) => r.length)).toEqual(ids.map(() => 1))
    expect(new Set(runs.flat().map((r) => r.value)).size, 'more than one process ran tasks').toBeGreaterThan(1)
  })

  it('fire each due schedule exactly once', async () => {
    const schedules = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const project = (
          await api('POST', '/projects', { json: { name: unique('cluster'), initialize_with_readme: true } })
        ).body.id as number
        await writeCiConfig(project, 'build:\n  script: echo hello\n')
        const s = (
          await api('POST', `/projects/${project}/pipeline_schedules`, {
            json: { description: 'job', ref: 'main', cron: '*/10 * * * *' },
          })
        ).body as { id: number }
        return { project, id: s.id }
      }),
    )
    const db = await getDb()
    await db.pipelineSchedule.updateMany({
      where: { id: { in: schedules.map((s) => s.id) } },
      data: { nextRunAt: new Date(Date.now() - 1000) },
    })
    const counts = () =>
      Promise.all(
        schedules.map(
          async (s) =>
            ((await api('GET', `/projects/${s.project}/pipeline_schedules/${s.id}/pipelines`)).body as unknown[])
              .length,
        ),
      )
    await until('every schedule fired', counts, (n) => n.every((c) => c >= 1))
    expect(await counts()).toEqual(schedules.map(() => 1))
    const after = await db.pipelineSchedule.findMany({ where: { id: { in: schedules.map((s) => s.id) } } })
    expect(after.every((s) => s.nextRunAt.getTime() > Date.now())).toBe(true)
  })
})
