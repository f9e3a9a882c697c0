// Runners' long polling across processes and nodes: X-GitLab-Last-Update is one value for the whole
// database (lib/pipelines/queue-signal.ts), so a runner whose next poll reaches another process
// than its last one is held there until a job comes, instead of being answered 204 at once (with a
// value per process, runners spread over two processes asked again and again: a busy loop).
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiCluster, stopApiClusters, type ClusterServer } from '../api-cluster'
import { api, unique, writeCiConfig } from '../helpers'

const servers: ClusterServer[] = []

const LONG_POLL_SECONDS = 3

beforeAll(async () => {
  // A: one process; B: two, as `npm start` runs them (fresh connections reach either).
  const env = { RUNNER_LONG_POLL_SECONDS: String(LONG_POLL_SECONDS) }
  servers.push(...(await Promise.all([startApiCluster('A', 1, env), startApiCluster('B', 2, env)])))
}, 120_000)
afterAll(() => stopApiClusters(servers))

interface Poll {
  status: number
  lastUpdate: string | undefined
  body: string
}

/** POST /jobs/request on a connection of its own. */
function poll(server: ClusterServer, token: string, lastUpdate?: string): Promise<Poll> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ token, last_update: lastUpdate, info: { version: '17.5.0' } })
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/v4/jobs/request',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += String(d)))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            lastUpdate: res.headers['x-gitlab-last-update'] as string,
            body: text,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function projectWithJobsTagged(tag: string): Promise<number> {
  const project = (await api('POST', '/projects', { json: { name: unique('rq'), initialize_with_readme: true } }))
    .body as { id: number }
  await writeCiConfig(project.id, `build:\n  script: [echo]\n  tags: [${tag}]\n`)
  return project.id
}
const newRunner = async (project: number, tag: string) =>
  (
    (
      await api('POST', '/user/runners', {
        json: { runner_type: 'project_type', project_id: project, tag_list: [tag] },
      })
    ).body as { token: string }
  ).token
const runPipeline = async (project: number) =>
  expect((await api('POST', `/projects/${project}/pipeline`, { json: { ref: 'main' } })).status).toBe(201)

describe('runner long polling in every process', () => {
  it('answers one X-GitLab-Last-Update from every process, moved everywhere when jobs become pending', async () => {
    const project = await projectWithJobsTagged('rq-elsewhere')
    // Its tag matches none of the project's jobs: every poll is a 204.
    const runner = await newRunner(project, 'rq-other')
    let previous: string | undefined
    for (let round = 0; round < 10; round++) {
      await runPipeline(project)
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => poll(servers[i % 2]!, runner)))
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204, 204])
      const values = new Set(answers.map((a) => a.lastUpdate))
      expect([...values]).toHaveLength(1)
      expect([...values][0]).not.toBe(previous)
      previous = [...values][0]
    }
  }, 120_000)

  it('holds a poll that saw the queue on another process for the whole long poll, then hands it the next job', async () => {
    const tag = unique('rq-wait')
    const project = await projectWithJobsTagged(tag)
    const runner = await newRunner(project, tag)
    // Take whatever the configuration's commit queued, until the queue is empty for this runner.
    let seen: Poll
    for (;;) {
      seen = await poll(servers[0]!, runner)
      if (seen.status === 204) break
      expect(seen.status).toBe(201)
    }
    // Seen on A, asked on B: held the whole long poll (a value of each process's own was a 204 at once).
    const started = performance.now()
    const held = await poll(servers[1]!, runner, seen.lastUpdate)
    expect(held.status).toBe(204)
    expect(held.lastUpdate).toBe(seen.lastUpdate)
    expect(performance.now() - started).toBeGreaterThanOrEqual(LONG_POLL_SECONDS * 1000 - 100)
    // Held again, a job comes through the other node: B finds it at its next look and hands it out.
    const waiting = poll(servers[1]!, runner, held.lastUpdate)
    await runPipeline(project)
    const answer = await waiting
    expect(answer.status).toBe(201)
    expect((JSON.parse(answer.body) as { job_info: { project_id: number } }).job_info.project_id).toBe(project)
  }, 60_000)
})
