// The runners bench (issue 12): 200 runners long-poll POST /jobs/request while 2,000 jobs are
// queued through the API. Counts that every job is handed out exactly once, the hand-out latency
// (job queued → a runner holds it), idle-poll throughput with wrk (a runner with nothing to do)
// and database writes per idle poll (the server's /-/metrics write counter, loopback only).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { runWrk } from './wrk.mjs'

const JOBS_PER_PIPELINE = 10
const CI_CONFIG = `stages: [test]\n${Array.from({ length: JOBS_PER_PIPELINE }, (_, i) => `job${i + 1}:\n  script: [echo ${i + 1}]\n`).join('')}`

async function call(base, method, p, { token, json, headers = {} } = {}) {
  const res = await fetch(`${base}/api/v4${p}`, {
    method,
    headers: {
      ...(token ? { 'PRIVATE-TOKEN': token } : {}),
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(json) : undefined,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? safeJson(text) : null }
}
const safeJson = (t) => {
  try {
    return JSON.parse(t)
  } catch {
    return t
  }
}
function must(r, status, what) {
  if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null

async function dbWrites(base) {
  const text = await (await fetch(`${base}/-/metrics`)).text()
  const m = /^app_db_writes_total (\d+)/m.exec(text)
  if (!m) throw new Error(`no app_db_writes_total in /-/metrics: ${text.slice(0, 200)}`)
  return Number(m[1])
}

export async function runnerBench({
  base,
  rootToken,
  dataDir,
  runners = 200,
  jobs = 2000,
  seconds = 10,
  connections = 50,
  threads = 2,
  deadlineMs = 240_000,
}) {
  const project = must(
    await call(base, 'POST', '/projects', {
      token: rootToken,
      json: { name: `runner-bench-${Date.now()}`, initialize_with_readme: true },
    }),
    201,
    'create project',
  )
  must(
    await call(base, 'POST', `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
      token: rootToken,
      json: { branch: 'main', content: CI_CONFIG, commit_message: 'CI for the runner bench' },
    }),
    201,
    'write .gitlab-ci.yml',
  )

  const tokens = []
  for (let i = 0; i < runners; i++)
    tokens.push(
      must(
        await call(base, 'POST', '/user/runners', {
          token: rootToken,
          json: { runner_type: 'instance_type', description: `bench runner ${i + 1}` },
        }),
        201,
        'create runner',
      ).token,
    )

  // Idle polls: one runner with nothing to do, driven by wrk. Its first contact (a write) happens here.
  const idleBody = JSON.stringify({
    token: tokens[0],
    system_id: 'r_benchidle0001',
    info: { name: 'bench', version: '17.0.0' },
  })
  must(await call(base, 'POST', '/jobs/request', { json: JSON.parse(idleBody) }), 204, 'idle poll')
  const script = path.join(dataDir, 'jobs-request.lua')
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(idleBody)}\nwrk.headers["Content-Type"] = "application/json"\n`,
  )
  const writesBefore = await dbWrites(base)
  const idle = await runWrk({ url: `${base}/api/v4/jobs/request`, connections, threads, seconds, script })
  const idleWrites = (await dbWrites(base)) - writesBefore

  // Hand-out: every runner long-polls (sending back X-GitLab-Last-Update) and finishes what it gets.
  const queuedAt = new Map() // pipeline id → when its jobs were queued (the POST returned)
  const handed = new Map() // job id → times handed out
  const latencies = []
  let stop = false
  let handedTotal = 0
  let lastHandout = 0
  const deadline = Date.now() + deadlineMs
  const runner = async (token, i) => {
    let lastUpdate
    const systemId = `r_bench${String(i).padStart(8, '0')}`
    while (!stop && Date.now() < deadline) {
      const r = await call(base, 'POST', '/jobs/request', {
        json: { token, system_id: systemId, last_update: lastUpdate, info: { name: 'bench', version: '17.0.0' } },
      })
      if (r.status === 204) {
        lastUpdate = r.headers.get('x-gitlab-last-update') ?? undefined
        continue
      }
      if (r.status !== 201) throw new Error(`jobs/request: HTTP ${r.status} ${JSON.stringify(r.body)}`)
      const job = r.body
      handed.set(job.id, (handed.get(job.id) ?? 0) + 1)
      handedTotal++
      latencies.push({ jobId: job.id, at: (lastHandout = performance.now()) })
      must(
        await call(base, 'PUT', `/jobs/${job.id}`, { json: { token: job.token, state: 'success', exit_code: 0 } }),
        200,
        'finish job',
      )
      if (handedTotal >= jobs) stop = true
    }
  }
  const started = performance.now()
  const pollers = tokens.map((t, i) => runner(t, i))
  const pipelines = jobs / JOBS_PER_PIPELINE
  const queueStarted = performance.now()
  for (let i = 0; i < pipelines; i++) {
    const p = must(
      await call(base, 'POST', `/projects/${project.id}/pipeline`, { token: rootToken, json: { ref: 'main' } }),
      201,
      'create pipeline',
    )
    queuedAt.set(p.id, performance.now())
  }
  const queueMs = performance.now() - queueStarted
  await Promise.all(pollers)
  // Until the last job was handed out (runners still long-polling afterwards do not count).
  const drainMs = lastHandout - started

  // Hand-out latency per job: from its pipeline's creation answer to the runner's 201.
  const total = await call(base, 'GET', `/projects/${project.id}/jobs?per_page=1&scope[]=success`, { token: rootToken })
  const success = Number(total.headers.get('x-total') ?? NaN)
  const pipelineJobs = new Map()
  for (const [pid] of queuedAt) {
    const list = must(
      await call(base, 'GET', `/projects/${project.id}/pipelines/${pid}/jobs?per_page=100`, { token: rootToken }),
      200,
      'pipeline jobs',
    )
    for (const j of list) pipelineJobs.set(j.id, pid)
  }
  const lat = latencies
    .map((l) => l.at - (queuedAt.get(pipelineJobs.get(l.jobId)) ?? NaN))
    .filter((x) => Number.isFinite(x))
    .sort((a, b) => a - b)
  const duplicates = [...handed.values()].filter((n) => n > 1).length
  return {
    runners,
    jobs_queued: jobs,
    jobs_handed_out: handed.size,
    duplicate_hand_outs: duplicates,
    jobs_success_per_api: success,
    queue_ms: Math.round(queueMs),
    drain_ms: Math.round(drainMs),
    handout_p50_ms: percentile(lat, 50),
    handout_p99_ms: percentile(lat, 99),
    idle_poll: {
      rps: idle.rps,
      p50_ms: idle.p50_ms,
      p99_ms: idle.p99_ms,
      requests: idle.requests,
      non_2xx: idle.non_2xx,
    },
    idle_poll_db_writes: idleWrites,
    idle_poll_db_writes_per_poll: idle.requests ? idleWrites / idle.requests : null,
  }
}
