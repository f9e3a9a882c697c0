// `npm run soak` (issue 34 §4): the server as `npm start` runs it (2 API processes), under a steady
// mixed load for SOAK_MINUTES (30) on SQLite and then PostgreSQL: Debian's wrk paced by a Lua
// delay() at SOAK_RATE (300) req/s — 70 % authenticated reads, 20 % lists, 10 % create-then-delete —
// while SOAK_RUNNERS (200) runners long-poll for jobs (as gitlab-runner: sending X-GitLab-Last-Update
// back, and after a 204 asking again once per check_interval) and finish what they get, and SOAK_SCHEDULES
// (1,000) every-minute schedules fire. One wrk run per minute gives that minute's p50/p99; RSS, open
// file descriptors (the server's processes) and the SQLite WAL's size are sampled every 5 s.
// Pass, after SOAK_WARMUP_MINUTES (5): RSS slope ≤ 1 MB/min (least squares over the samples, the
// largest process), the last 5 minutes' p99 ≤ 1.5 × the first 5's (medians of the minutes' p99s),
// 0 errors. Writes bench/soak.json and the soak section of bench/report.html. Loopback only.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { privateCluster } from './bench/pg-cluster.mjs'
import { installCleanup, processTree, rssMb, spawnGroup, stopGroup, waitFor200 } from './bench/proc.mjs'
import { soakSection } from './bench/report-html.mjs'
import { ensureWrk, runWrk } from './bench/wrk.mjs'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs'

const ROOT = path.join(import.meta.dirname, '..')
const knob = (name, dflt) =>
  process.env[name] === undefined || process.env[name] === '' ? dflt : Number(process.env[name])
const MINUTES = knob('SOAK_MINUTES', 30)
const WARMUP = knob('SOAK_WARMUP_MINUTES', 5)
const WINDOW = Math.max(1, Math.min(5, Math.floor((MINUTES - WARMUP) / 2)))
const RATE = knob('SOAK_RATE', 300)
const RUNNERS = knob('SOAK_RUNNERS', 200)
const SCHEDULES = knob('SOAK_SCHEDULES', 1000)
const PORT = knob('SOAK_PORT', 4700)
// gitlab-runner's check_interval (default 3 s): after a 204 a runner asks again no sooner than this
// after its previous request (a long poll that held longer asks again at once).
const CHECK_INTERVAL_MS = knob('SOAK_RUNNER_CHECK_INTERVAL_MS', 3000)
// Each connection waits delay() before each request, so its rate is 1 / (delay + latency): many
// connections with a long delay keep the total near SOAK_RATE while latencies stay small beside it.
const CONNECTIONS = 60
const DATABASES = (process.env.SOAK_DATABASES ?? 'sqlite,postgresql').split(',').filter(Boolean)
const TOKEN = 'glpat-soak-root-0123456789abcdef'
const TARGETS = { rssSlopeMbPerMin: 1, p99Growth: 1.5, errors: 0 }

installCleanup()
ensureWrk()
const base = `http://127.0.0.1:${PORT}`

async function call(method, p, { json, token = TOKEN } = {}) {
  const res = await fetch(`${base}/api/v4${p}`, {
    method,
    headers: { ...(token ? { 'PRIVATE-TOKEN': token } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(60_000),
  })
  const text = await res.text()
  let body = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body }
}
async function must(method, p, status, opts) {
  const r = await call(method, p, opts)
  if (r.status !== status) throw new Error(`${method} ${p}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`)
  return r.body
}

/** Projects and groups to read, a CI configuration, the schedules and the runners. */
async function seed() {
  const group = await must('POST', '/groups', 201, { json: { name: 'Soak', path: `soak-${Date.now()}` } })
  const projects = []
  for (let i = 0; i < 10; i++)
    projects.push(
      await must('POST', '/projects', 201, {
        json: { name: `soak-${i}`, namespace_id: group.id, initialize_with_readme: true },
      }),
    )
  const ci = projects[0]
  await must('POST', `/projects/${ci.id}/repository/files/.gitlab-ci.yml`, 201, {
    json: { branch: 'main', content: 'soak:\n  script: [echo soak]\n', commit_message: 'CI' },
  })
  for (let i = 0; i < SCHEDULES; i++)
    await must('POST', `/projects/${ci.id}/pipeline_schedules`, 201, {
      json: { description: `soak ${i}`, ref: 'main', cron: '* * * * *' },
    })
  const runners = []
  for (let i = 0; i < RUNNERS; i++)
    runners.push(
      (
        await must('POST', '/user/runners', 201, {
          json: { runner_type: 'instance_type', description: `soak runner ${i}` },
        })
      ).token,
    )
  return { group, projects, runners }
}

/** The wrk script: paced per connection so that all connections together send RATE requests a second. */
function luaScript(file, { group, projects }) {
  const ids = `{${projects.map((p) => p.id).join(',')}}`
  writeFileSync(
    file,
    `local ids = ${ids}
local auth = { ["PRIVATE-TOKEN"] = "${TOKEN}" }
local json = { ["PRIVATE-TOKEN"] = "${TOKEN}", ["Content-Type"] = "application/json" }
local created = {}
local n = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  math.randomseed(os.time() + tid)
end
function delay()
  return ${Math.round((CONNECTIONS * 1000) / RATE)}
end
function request()
  if #created > 0 then return wrk.format("DELETE", "/api/v4/groups/" .. table.remove(created, 1), auth) end
  local r = math.random(100)
  local id = ids[math.random(#ids)]
  if r <= 30 then return wrk.format("GET", "/api/v4/projects/" .. id, auth) end
  if r <= 55 then return wrk.format("GET", "/api/v4/groups/${group.id}", auth) end
  if r <= 70 then return wrk.format("GET", "/api/v4/user", auth) end
  if r <= 80 then return wrk.format("GET", "/api/v4/projects?per_page=20", auth) end
  if r <= 90 then return wrk.format("GET", "/api/v4/groups/${group.id}/projects?per_page=20", auth) end
  n = n + 1
  local p = "soak-" .. tid .. "-" .. n .. "-" .. os.time()
  return wrk.format("POST", "/api/v4/groups", json, '{"name":"' .. p .. '","path":"' .. p .. '"}')
end
function response(status, headers, body)
  if status == 201 then
    local id = string.match(body, '"id":(%d+)')
    if id then table.insert(created, id) end
  end
end
`,
  )
}

/**
 * Groups the Lua script created but had no request left to delete: its queue lives in each wrk
 * thread and dies with each minute's run. Left alone they pile up under the root (about two a
 * minute), and every membership read of the root grows with them: the soak would measure a growing
 * data set, not a stable service. Returns how many were deleted.
 */
async function deleteLeftoverGroups() {
  let deleted = 0
  for (;;) {
    const page = await must('GET', '/groups?owned=true&per_page=100&search=soak-', 200)
    const leftovers = page.filter((g) => /^soak-\d+-\d+-\d+$/.test(g.path))
    if (!leftovers.length) return deleted
    for (const g of leftovers) {
      const r = await call('DELETE', `/groups/${g.id}`)
      if (r.status !== 202 && r.status !== 404) throw new Error(`DELETE /groups/${g.id}: ${r.status}`)
      deleted++
    }
  }
}

/** 200 runners long-polling; each job handed out is finished at once. Counts errors (non-2xx other than 204). */
function startRunners(tokens, state) {
  return tokens.map(async (token, i) => {
    let lastUpdate
    while (!state.stop) {
      const asked = performance.now()
      try {
        const r = await call('POST', '/jobs/request', {
          token: null,
          json: {
            token,
            system_id: `r_soak${String(i).padStart(8, '0')}`,
            last_update: lastUpdate,
            info: { name: 'soak', version: '17.0.0' },
          },
        })
        if (r.status === 204) {
          lastUpdate = r.headers.get('x-gitlab-last-update') ?? undefined
          // gitlab-runner asks for a runner's next job once per check_interval at most.
          await sleep(Math.max(0, CHECK_INTERVAL_MS - (performance.now() - asked)))
        } else if (r.status === 201) {
          state.jobs++
          const done = await call('PUT', `/jobs/${r.body.id}`, {
            token: null,
            json: { token: r.body.token, state: 'success', exit_code: 0 },
          })
          if (done.status !== 200) state.errors.push({ what: `PUT /jobs: ${done.status}`, at: performance.now() })
        } else state.errors.push({ what: `POST /jobs/request: ${r.status}`, at: performance.now() })
      } catch (e) {
        if (!state.stop) state.errors.push({ what: `runner: ${e.message}`, at: performance.now() })
      }
    }
  })
}

const fdCount = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length
  } catch {
    return 0
  }
}
function walBytes(dataDir) {
  const f = path.join(dataDir, 'soak.db-wal')
  return existsSync(f) ? statSync(f).size : 0
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length
  if (n < 2) return 0
  const mx = points.reduce((s, p) => s + p.x, 0) / n
  const my = points.reduce((s, p) => s + p.y, 0) / n
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0)
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0)
  return den === 0 ? 0 : num / den
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)] : null
}

async function soakOne(database) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `soak-${database}-`))
  const log = path.join(dataDir, 'server.log')
  let databaseUrl = `file:${path.join(dataDir, 'soak.db')}`
  let dropDb = () => {}
  if (database === 'postgresql') {
    // PostgreSQL as deployed (its defaults: autovacuum on), in a private cluster: see pg-cluster.mjs.
    const cluster = await privateCluster()
    // Over the cluster's Unix-domain socket, as a co-located server is reached (GitLab Omnibus's
    // default); SOAK_PG_TRANSPORT=tcp for loopback TCP (in session 28's CPU profile of an API process
    // a quarter of the samples were writev on the TCP socket).
    databaseUrl = cluster.createDatabase('soak', { socket: process.env.SOAK_PG_TRANSPORT !== 'tcp' })
    dropDb = () => cluster.remove()
    process.once('exit', dropDb) // an interrupted soak leaves no server behind
    console.log(`\n== postgresql: a private cluster at its defaults: ${databaseUrl}`)
  }
  const env = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    WEB_CONCURRENCY: '2',
  }
  Object.assign(env, {
    INITIAL_ROOT_TOKEN: TOKEN,
    INITIAL_ROOT_PASSWORD: 'soak-root-password-0123',
    SCHEDULER_INTERVAL_MS: '5000',
  })
  const server = spawnGroup(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env,
    cwd: ROOT,
    logFile: log,
  })
  try {
    await waitFor200(`${base}/-/readiness`, {
      child: server,
      since: performance.now(),
      timeoutMs: 15 * 60_000,
      logFile: log,
    })
    console.log(`\n== ${database}: seeding ${SCHEDULES} schedules, ${RUNNERS} runners`)
    const seeded = await seed()
    const script = path.join(dataDir, 'soak.lua')
    luaScript(script, seeded)
    const state = { stop: false, jobs: 0, errors: [] }
    const runners = startRunners(seeded.runners, state)
    const samples = []
    const started = performance.now()
    const sampler = setInterval(() => {
      const pids = processTree(server.pid)
      samples.push({
        at_min: (performance.now() - started) / 60_000,
        rss_mb: Math.max(0, ...pids.map((p) => rssMb(p) ?? 0)),
        fds: pids.reduce((s, p) => s + fdCount(p), 0),
        wal_mb: walBytes(dataDir) / 2 ** 20,
      })
    }, 5000)
    const minutes = []
    for (let m = 0; m < MINUTES; m++) {
      const r = await runWrk({ url: `${base}/api/v4/user`, connections: CONNECTIONS, threads: 2, seconds: 60, script })
      const errors = (r.non_2xx ?? 0) + Object.values(r.socket_errors ?? {}).reduce((a, b) => a + b, 0)
      minutes.push({
        minute: m + 1,
        rps: r.rps,
        p50_ms: r.p50_ms,
        p99_ms: r.p99_ms,
        requests: r.requests,
        errors,
        non_2xx: r.non_2xx,
        socket_errors: r.socket_errors,
      })
      const leftovers = await deleteLeftoverGroups()
      minutes.at(-1).leftover_groups = leftovers
      const last = samples.at(-1)
      console.log(
        `   minute ${m + 1}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50_ms.toFixed(1)} ms, p99 ${r.p99_ms.toFixed(1)} ms, errors ${errors} (non-2xx ${r.non_2xx}, socket ${JSON.stringify(r.socket_errors)}), leftover groups ${leftovers}, RSS ${last?.rss_mb} MB, fds ${last?.fds}, jobs ${state.jobs}`,
      )
    }
    clearInterval(sampler)
    state.stop = true
    await Promise.race([Promise.all(runners), sleep(70_000)])
    const after = samples.filter((s) => s.at_min >= WARMUP)
    const rssSlope = slope(after.map((s) => ({ x: s.at_min, y: s.rss_mb })))
    const measured = minutes.filter((m) => m.minute > WARMUP)
    const firstP99 = median(measured.slice(0, WINDOW).map((m) => m.p99_ms))
    const lastP99 = median(measured.slice(-WINDOW).map((m) => m.p99_ms))
    // Issue 34 §4: the pass criteria hold "after 5 minutes' warm-up" — errors too (wrk timeouts
    // while the first schedules fire and caches fill are reported, not judged).
    const warmupErrors = minutes.filter((m) => m.minute <= WARMUP).reduce((s, m) => s + m.errors, 0)
    const runnerErrors = state.errors.filter((e) => (e.at - started) / 60_000 >= WARMUP).length
    const errors = measured.reduce((s, m) => s + m.errors, 0) + runnerErrors
    const verdict = {
      rss_slope_mb_per_min: Math.round(rssSlope * 100) / 100,
      first_p99_ms: firstP99,
      last_p99_ms: lastP99,
      p99_growth: firstP99 ? Math.round((lastP99 / firstP99) * 100) / 100 : null,
      errors,
      warmup_errors: warmupErrors + state.errors.length - runnerErrors,
      runner_errors: state.errors.slice(0, 10).map((e) => e.what),
      jobs_finished: state.jobs,
    }
    verdict.pass =
      rssSlope <= TARGETS.rssSlopeMbPerMin &&
      (verdict.p99_growth ?? Infinity) <= TARGETS.p99Growth &&
      errors === TARGETS.errors
    console.log(
      `   ${database}: ${verdict.pass ? 'PASS' : 'FAIL'} — RSS slope ${verdict.rss_slope_mb_per_min} MB/min (≤ 1), p99 ${firstP99?.toFixed(1)} → ${lastP99?.toFixed(1)} ms (${verdict.p99_growth}×, ≤ 1.5), errors ${errors} (warm-up ${verdict.warmup_errors}), jobs finished ${state.jobs}`,
    )
    return { database, processes: 2, minutes, samples, verdict }
  } finally {
    await stopGroup(server)
    dropDb()
  }
}

const runs = []
for (const database of DATABASES) runs.push(await soakOne(database))
const out = {
  at: new Date().toISOString(),
  settings: {
    minutes: MINUTES,
    warmup_minutes: WARMUP,
    window_minutes: WINDOW,
    rate: RATE,
    runners: RUNNERS,
    schedules: SCHEDULES,
    connections: CONNECTIONS,
  },
  targets: TARGETS,
  runs,
}
writeFileSync(path.join(ROOT, 'bench/soak.json'), `${JSON.stringify(out, null, 2)}\n`)
// The soak's section of bench/report.html, between its markers (the bench writes the rest).
const report = path.join(ROOT, 'bench/report.html')
const section = soakSection(out)
const html = existsSync(report)
  ? readFileSync(report, 'utf8')
  : '<!doctype html><meta charset="utf-8"><title>Bench</title><body><!-- soak --><!-- /soak --></body>'
writeFileSync(
  report,
  /<!-- soak -->[\s\S]*<!-- \/soak -->/.test(html)
    ? html.replace(/<!-- soak -->[\s\S]*<!-- \/soak -->/, section)
    : html.replace('</body>', `${section}</body>`),
)
console.log(`\nbench/soak.json and bench/report.html written`)
process.exit(runs.every((r) => r.verdict.pass) ? 0 : 1)
