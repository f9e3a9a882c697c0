// `npm run bench`: seeds a fresh database, starts the production server on both API mounts next to a
// bare node:http baseline, drives each scenario of scripts/bench/scenarios.mjs with wrk, prints a
// table plus PASS/FAIL against the issue's targets and writes bench/results.json.
// Exit code: 0 all targets pass (or are skipped), 1 a target fails, 2 the bench itself failed.
// Knobs (env): BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_THREADS=2 BENCH_WARMUP_SECONDS=2
// BENCH_SINGLE_SECONDS=3 BENCH_PORT=3900 (uses 3900..3903) BENCH_PROJECTS=10000 BENCH_USERS=1000
// BENCH_TIMEOUT_MINUTES=40 BENCH_KEEP=1 (keep the temp data dir and server logs)
// BENCH_RUNNERS=200 BENCH_RUNNER_JOBS=2000 (0 runners skips the runners bench).
// BENCH_MIGRATION_PROJECTS=100 BENCH_MIGRATION_MEMBERS=1000 BENCH_MIGRATION_BRANCHES=5000
// BENCH_MIGRATION_SCHEDULES=5000 (0 projects skips the migration bench; a tree a tenth the size runs first);
// BENCH_ONLY=migration runs only the migration bench (writes bench/results-migration.json);
// BENCH_ONLY=console only the console pages (writes bench/results-console.json);
// BENCH_ONLY=api only the API scenarios and the growth table (no runners, console or migration;
// still bench/results.json); BENCH_GROWTH=0 skips the growth table (BENCH_GROWTH_SIZES=1000,10000,100000,
// BENCH_GROWTH_SECONDS=5). BENCH_PROCESSES=<cores> runs the API scenarios again on `npm start`'s
// multi-process server (WEB_CONCURRENCY); 1 skips that pass. Every other server runs one process.
// BENCH_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres: the API scenarios once more on a
// throwaway PostgreSQL database made there (BENCH_POSTGRES=0 skips; no server answering: skipped).
// BENCH_SOAK_SECONDS=300: the API scenarios in turn on the 1-process server, RSS sampled (0 skips).
// The API scenarios run once more with KEEP_ANSWERS=false (every answer rendered afresh: what a read
// costs after the data changed); BENCH_AFRESH=0 skips that pass.
// Issue 30's write rows (scripts/bench/writes.mjs) on `npm start`'s multi-process server
// (BENCH_MIXED_PROCESSES=2): the mixed 90 % GET / 10 % PUT row with its stale-read checker, then PUT
// project, PUT group, POST + DELETE group, POST + DELETE member, PUT settings, each its own wrk run;
// on SQLite, and on PostgreSQL within its pass. BENCH_MIXED=0 skips them; BENCH_ONLY=writes runs
// only them (and bare node:http for the ratio; writes bench/results-writes.json).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { installCleanup, maxTreeRssMb, probe, spawnGroup, stopGroup, waitFor200 } from './bench/proc.mjs'
import {
  checkTargets,
  mountComparison,
  printMountComparison,
  printResults,
  printSingleConnection,
  printTargets,
} from './bench/report.mjs'
import { AUTH, ROOT_TOKEN, scenarios } from './bench/scenarios.mjs'
import { consolePagesBench, consolePagesTargets } from './bench/console-pages.mjs'
import { reportHtml } from './bench/report-html.mjs'
import { migrationBench } from './bench/migration.mjs'
import { runnerBench } from './bench/runners.mjs'
import { ensureWrk, runWrk } from './bench/wrk.mjs'
import { mixedAndWritesBench, printWrites, writesResults, writesTargets } from './bench/writes.mjs'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
process.chdir(ROOT) // start.mjs, the migrations and Next all resolve paths from the repository root
const knob = (name, dflt) => Number(process.env[name] ?? dflt)
const SECONDS = knob('BENCH_SECONDS', 10)
const CONNECTIONS = knob('BENCH_CONNECTIONS', 50)
const THREADS = knob('BENCH_THREADS', 2)
const WARMUP = knob('BENCH_WARMUP_SECONDS', 2)
const SINGLE = knob('BENCH_SINGLE_SECONDS', 3)
const BASE_PORT = knob('BENCH_PORT', 3900)
const PROJECTS = knob('BENCH_PROJECTS', 10_000)
const PORTS = {
  bare: BASE_PORT,
  direct: BASE_PORT + 1,
  next: BASE_PORT + 2,
  startup: BASE_PORT + 3,
  migrationSource: BASE_PORT + 4,
  migrationDestination: BASE_PORT + 5,
  growth: BASE_PORT + 6,
  processes: BASE_PORT + 7,
  postgresql: BASE_PORT + 8,
  afresh: BASE_PORT + 9,
  writes: BASE_PORT + 10,
}
const PROCESSES = knob('BENCH_PROCESSES', os.availableParallelism())
const MIXED = process.env.BENCH_MIXED !== '0'
const MIXED_PROCESSES = knob('BENCH_MIXED_PROCESSES', 2)
const SOAK_SECONDS = knob('BENCH_SOAK_SECONDS', 300)
const BUILD_TIMEOUT_MS = 15 * 60_000 // the first server start may run `next build`
const url = (port, p) => `http://127.0.0.1:${port}${p}`
const step = (msg) => console.log(`\n== ${msg}`)

installCleanup()

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gitlab-bench-'))
const logOf = (name) => path.join(dataDir, `${name}.log`)
// Runs after installCleanup's exit handler has killed the children. A failed run keeps its logs.
let keepDataDir = !!process.env.BENCH_KEEP
process.on('exit', () => {
  if (keepDataDir && readdirSync(dataDir).length) console.error(`Data dir and server logs kept in ${dataDir}`)
  else rmSync(dataDir, { recursive: true, force: true })
})
// Bounded runtime whatever hangs: give up (the exit handlers kill every child).
setTimeout(
  () => {
    console.error(`bench: still running after ${knob('BENCH_TIMEOUT_MINUTES', 40)} minutes, giving up`)
    keepDataDir = true
    process.exit(2)
  },
  knob('BENCH_TIMEOUT_MINUTES', 40) * 60_000,
).unref()

/** Environment of every app process: production, the bench's own data dir, nothing from the caller's setup. */
function appEnv(port, extra = {}) {
  const env = { ...process.env }
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'API_MOUNT', 'EXTERNAL_URL', 'NEXTAUTH_URL'])
    Reflect.deleteProperty(env, k)
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    INITIAL_ROOT_TOKEN: ROOT_TOKEN,
    // Set so that the seed does not print a generated password.
    INITIAL_ROOT_PASSWORD: 'bench-root-password-0123',
    // One process unless a phase says otherwise: the 1-process figures stay comparable across machines.
    WEB_CONCURRENCY: '1',
    ...SERVER_ENV,
    ...extra,
  }
}

/** The migration bench's two databases: the source with the trees, the destination with the same users. */
function seedMigration(dir, role, trees) {
  mkdirSync(dir, { recursive: true })
  const specs = trees.map((t) => `${t.tree}:${t.projects}:${t.members}:${t.protected_branches}:${t.schedules}`)
  const r = spawnSync('npx', ['tsx', 'scripts/bench/seed-migration.ts', role, ...specs], {
    env: appEnv(0, { DATA_DIR: dir }),
    encoding: 'utf8',
    timeout: 600_000,
  })
  const line = /^BENCH_MIGRATION_SEED (.*)$/m.exec(r.stdout ?? '')
  if (r.status !== 0 || !line)
    throw new Error(`migration seed (${role}) failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`)
  return JSON.parse(line[1])
}

async function runMigrationBench() {
  const full = {
    tree: 'mig',
    projects: knob('BENCH_MIGRATION_PROJECTS', 100),
    members: knob('BENCH_MIGRATION_MEMBERS', 1000),
    protected_branches: knob('BENCH_MIGRATION_BRANCHES', 5000),
    schedules: knob('BENCH_MIGRATION_SCHEDULES', 5000),
  }
  const small = {
    tree: 'mig-small',
    ...Object.fromEntries(
      ['projects', 'members', 'protected_branches', 'schedules'].map((k) => [k, Math.max(1, Math.round(full[k] / 10))]),
    ),
  }
  step(
    `Migration: direct transfer of ${full.projects} projects, ${full.members} members, ${full.protected_branches} protected branches and ${full.schedules} schedules between two instances (a tenth-size tree first)`,
  )
  const started = performance.now()
  const dirs = {
    source: path.join(dataDir, 'migration-source'),
    destination: path.join(dataDir, 'migration-destination'),
  }
  seedMigration(dirs.source, 'source', [small, full])
  seedMigration(dirs.destination, 'destination', [small, full])
  console.log(`   seeded both databases in ${Math.round(performance.now() - started)} ms`)
  const source = await startApp('migration-source', PORTS.migrationSource, { DATA_DIR: dirs.source }, BUILD_TIMEOUT_MS)
  const destination = await startApp(
    'migration-destination',
    PORTS.migrationDestination,
    { DATA_DIR: dirs.destination },
    120_000,
  )
  try {
    const runs = await migrationBench({
      source: url(PORTS.migrationSource, ''),
      destination: url(PORTS.migrationDestination, ''),
      token: ROOT_TOKEN,
      pids: { source: source.child.pid, destination: destination.child.pid },
      trees: [small, full, { ...full, slug: 'mig-again' }],
    })
    for (const r of runs)
      console.log(
        `   ${r.tree} → ${r.destination}: ${r.status}${r.failures ? ` with ${r.failures} failures` : ''} in ${r.wall_ms} ms, ${r.objects} objects (${r.objects_per_s}/s); imported ${JSON.stringify(r.imported)}; peak RSS source ${r.peak_rss_mb.source} MB, destination ${r.peak_rss_mb.destination} MB`,
      )
    return runs
  } finally {
    await stopGroup(destination.child)
    await stopGroup(source.child)
  }
}

/** The issue's checks on the migration: everything arrived, once, and memory did not follow the tree's size. */
function migrationTargets(runs) {
  const checks = []
  for (const r of runs) {
    const e = r.expected
    const complete =
      r.status === 'finished' &&
      !r.failures &&
      r.projects === e.projects &&
      r.projects_per_destination_api === e.projects &&
      r.imported.members === e.members &&
      r.imported.protected_branches === e.protected_branches &&
      r.imported.pipeline_schedules === e.schedules
    checks.push({
      label: `migration ${r.tree} → ${r.destination}: every object arrived`,
      status: complete ? 'PASS' : 'FAIL',
      detail: `${r.status}, ${r.failures} failures, ${r.projects}/${e.projects} projects, ${r.imported.members ?? 0}/${e.members} members, ${r.imported.protected_branches ?? 0}/${e.protected_branches} protected branches, ${r.imported.pipeline_schedules ?? 0}/${e.schedules} schedules`,
    })
  }
  const [small, full, again] = runs
  if (small && full && again) {
    // A migration may not keep what it moved: a second migration of the same tree peaks where the first did.
    for (const side of ['source', 'destination']) {
      const ok = again.peak_rss_mb[side] <= full.peak_rss_mb[side] * 1.1
      checks.push({
        label: `migration: ${side} peak RSS does not accumulate (second full-tree migration ≤ 1.1× the first)`,
        status: ok ? 'PASS' : 'FAIL',
        detail: `${again.peak_rss_mb[side]} MB vs ${full.peak_rss_mb[side]} MB (tenth-size tree: ${small.peak_rss_mb[side]} MB)`,
      })
    }
  }
  return checks
}

function seed(dir = dataDir, projects = PROJECTS, env = { DATA_DIR: dir }) {
  step(
    `Seeding ${projects.toLocaleString('en-US')} projects in ${env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : dir}`,
  )
  const started = performance.now()
  const r = spawnSync('npx', ['tsx', 'scripts/bench/seed.ts', String(projects)], {
    env: appEnv(0, env),
    encoding: 'utf8',
    timeout: 600_000,
  })
  const line = /^BENCH_SEED (.*)$/m.exec(r.stdout ?? '')
  if (r.status !== 0 || !line) throw new Error(`seed failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`)
  const result = JSON.parse(line[1])
  console.log(`   ${JSON.stringify(result)} in ${Math.round(performance.now() - started)} ms`)
  return result
}

/**
 * What the seed cannot write: project snippets of the middle project (a snippet has a repository),
 * and direct transfer switched on (GET /bulk_imports is 404 without it). Returns the middle snippet's id.
 */
async function seedSnippets(base, projectId, count = 30) {
  const enable = await fetch(`${base}/api/v4/application/settings?bulk_importing_enabled=true`, {
    method: 'PUT',
    headers: AUTH,
  })
  if (enable.status !== 200) throw new Error(`enabling bulk imports: HTTP ${enable.status} ${await enable.text()}`)
  const ids = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/v4/projects/${projectId}/snippets`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `bench snippet ${i}`,
        visibility: 'internal',
        files: [{ file_path: `snippet-${i}.txt`, content: `bench ${i}\n` }],
      }),
    })
    if (res.status !== 201) throw new Error(`creating a bench snippet: HTTP ${res.status} ${await res.text()}`)
    ids.push((await res.json()).id)
  }
  return ids[Math.floor(count / 2)]
}

/**
 * `node scripts/start.mjs` (builds first when the sources changed), ready once `readyPath` is 200.
 * The next mount needs another path: with API_MOUNT=next, /-/* goes to Next, which has no such page.
 */
async function startApp(name, port, extra, timeoutMs, readyPath = '/-/readiness', headers = {}) {
  const child = spawnGroup(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: appEnv(port, extra),
    logFile: logOf(name),
  })
  const ms = await waitFor200(url(port, readyPath), {
    child,
    since: performance.now(),
    timeoutMs,
    logFile: logOf(name),
    headers,
  })
  console.log(`   ${name}: pid ${child.pid}, port ${port}, ready after ${Math.round(ms)} ms (log: ${logOf(name)})`)
  return { child, port }
}

/**
 * Issue 18's growth table: the same list requests over 1,000, 10,000 and 100,000 projects (each
 * size its own seeded database and server), p50/p99 per size. A request's cost should not follow
 * the table: the goal is every series within 20 % of its smallest p50.
 */
const GROWTH_SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const GROWTH_SCENARIOS = [
  { name: 'projects, first page (offset, capped count)', path: () => '/api/v4/projects?per_page=20' },
  {
    name: 'projects, keyset page in the middle',
    path: (seed) => `/api/v4/projects?pagination=keyset&order_by=id&sort=desc&per_page=20&id_before=${seed.projectId}`,
  },
  // GitLab's offset limit: page × per_page ≤ 50,000.
  {
    name: 'projects, deepest offset page (≤ 50,000 rows in)',
    path: (seed) => `/api/v4/projects?per_page=20&page=${Math.min(Math.floor(seed.projects / 20), 2500)}`,
  },
  { name: 'group projects, first page', path: (seed) => `/api/v4/groups/${seed.groupId}/projects?per_page=20` },
  {
    name: 'group projects, deepest offset page',
    path: (seed) =>
      `/api/v4/groups/${seed.groupId}/projects?per_page=20&page=${Math.min(Math.floor(seed.projects / 20), 2500)}`,
  },
]

async function runGrowth() {
  const seconds = knob('BENCH_GROWTH_SECONDS', 5)
  step(
    `Growth: ${GROWTH_SCENARIOS.length} list requests over ${GROWTH_SIZES.map((n) => n.toLocaleString('en-US')).join(' / ')} projects (wrk ${seconds} s each)`,
  )
  const series = GROWTH_SCENARIOS.map((s) => ({ name: s.name, points: [] }))
  for (const n of GROWTH_SIZES) {
    const dir = path.join(dataDir, `growth-${n}`)
    mkdirSync(dir, { recursive: true })
    const info = seed(dir, n)
    const app = await startApp(`growth-${n}`, PORTS.growth, { DATA_DIR: dir }, 120_000)
    try {
      for (const [i, s] of GROWTH_SCENARIOS.entries()) {
        const target = url(PORTS.growth, s.path(info))
        const status = await probe(target, AUTH)
        if (status !== 200) throw new Error(`growth ${s.name} at ${n}: HTTP ${status} for ${target}`)
        const opts = { url: target, headers: AUTH, connections: CONNECTIONS, threads: THREADS }
        await runWrk({ ...opts, seconds: 1 })
        const r = await runWrk({ ...opts, seconds })
        series[i].points.push({
          rows: n,
          rps: round(r.rps, 1),
          p50_ms: round(r.p50_ms, 3),
          p99_ms: round(r.p99_ms, 3),
          path: new URL(target).pathname + new URL(target).search,
        })
        console.log(
          `   ${n.toLocaleString('en-US')} projects, ${s.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50_ms.toFixed(2)} ms, p99 ${r.p99_ms.toFixed(2)} ms`,
        )
      }
    } finally {
      await stopGroup(app.child)
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return series
}

function growthTargets(series) {
  return series.map((g) => {
    const p50s = g.points.map((p) => p.p50_ms)
    const spread = Math.max(...p50s) / Math.min(...p50s)
    return {
      label: `growth: ${g.name} within 20 % from ${GROWTH_SIZES[0].toLocaleString('en-US')} to ${GROWTH_SIZES.at(-1).toLocaleString('en-US')} rows`,
      status: spread <= 1.2 ? 'PASS' : 'FAIL',
      detail: `p50 ${p50s.map((v) => v.toFixed(2)).join(' / ')} ms (×${spread.toFixed(2)})`,
    }
  })
}

function printGrowth(series) {
  console.log(
    `\nGrowth (p50 ms, then req/s) over ${GROWTH_SIZES.map((n) => n.toLocaleString('en-US')).join(' / ')} projects`,
  )
  for (const g of series)
    console.log(
      `  ${g.name}: ${g.points.map((p) => `${p.p50_ms.toFixed(2)} ms`).join(' / ')}  (${g.points.map((p) => Math.round(p.rps)).join(' / ')} req/s)`,
    )
}

/**
 * The issue's start-up figure: `npm start` of an already built app with one API process per core
 * (WEB_CONCURRENCY = cores, the default on PostgreSQL), spawn → first 200 of /-/readiness; then with one (the SQLite default).
 */
async function measureStartup() {
  const once = async (name, extra) => {
    const child = spawnGroup('npm', ['start'], { env: { ...appEnv(PORTS.startup), ...extra }, logFile: logOf(name) })
    try {
      const ms = await waitFor200(url(PORTS.startup, '/-/readiness'), {
        child,
        since: performance.now(),
        timeoutMs: 120_000,
        logFile: logOf(name),
      })
      // Another engineer editing sources meanwhile makes start.mjs rebuild: say so rather than report it as start-up.
      const rebuilt = readFileSync(logOf(name), 'utf8').includes('Building')
      console.log(
        `   npm start (${name}) → first 200 of /-/readiness: ${Math.round(ms)} ms${rebuilt ? ' (INCLUDES A REBUILD: sources changed during the bench)' : ''}`,
      )
      return { ms: Math.round(ms), rebuilt }
    } finally {
      await stopGroup(child)
    }
  }
  const cluster = await once('startup', { WEB_CONCURRENCY: String(os.availableParallelism()) })
  const single = await once('startup-1', { WEB_CONCURRENCY: '1' })
  return { ...cluster, single_ms: single.ms, rebuilt: cluster.rebuilt || single.rebuilt }
}

/**
 * Issue 18's soak: after everything above, the API scenarios in turn for SOAK_SECONDS on the same
 * 1-process server, its RSS sampled after each; the first full turn is the plateau, and the end
 * must not exceed it by more than 10 %.
 */
async function runSoak(server, seedInfo) {
  const picked = scenarios.filter((s) => s.mount === 'direct' && s.kind)
  step(`Soak: ${SOAK_SECONDS} s of the ${picked.length} API scenarios in turn (10 s each), RSS after each`)
  const samples = []
  const started = performance.now()
  for (let i = 0; performance.now() - started < SOAK_SECONDS * 1000; i++) {
    const s = picked[i % picked.length]
    const target = url(server.port, typeof s.path === 'function' ? s.path(seedInfo) : s.path)
    await runWrk({ url: target, headers: s.headers, connections: CONNECTIONS, threads: THREADS, seconds: 10 })
    samples.push({ at_s: Math.round((performance.now() - started) / 1000), rss_mb: maxTreeRssMb(server.child.pid) })
  }
  const plateau = samples[Math.min(picked.length, samples.length) - 1].rss_mb
  const end = samples.at(-1).rss_mb
  console.log(
    `   RSS after one turn ${plateau} MB, at the end ${end} MB, max ${Math.max(...samples.map((x) => x.rss_mb))} MB`,
  )
  return { seconds: SOAK_SECONDS, plateau_mb: plateau, end_mb: end, samples }
}

/** The API scenarios (direct mount, with a kind) again on another server, beside the 1-process SQLite figures. */
async function apiScenariosAgain(server, seedInfo, baseline, bare, tag) {
  const out = []
  for (const s of scenarios.filter((x) => x.mount === 'direct' && x.kind)) {
    const r = await runScenario(s, { direct: server }, seedInfo)
    const one = baseline.find((x) => x.name === s.name && !x.skipped)
    out.push({
      ...r,
      ...tag,
      ratio: bare && !r.skipped ? r.rps / bare.rps : null,
      speedup: one && !r.skipped ? r.rps / one.rps : null,
    })
  }
  return out
}

/**
 * `npm start`'s multi-process server (PROCESSES workers behind one port), for the 1-versus-N table.
 * wrk shares the same cores, so N processes cannot reach N×.
 */
async function runProcessesPass(seedInfo, baseline, bare) {
  step(`${PROCESSES} processes (WEB_CONCURRENCY=${PROCESSES}): the API scenarios again`)
  const server = await startApp('processes', PORTS.processes, { WEB_CONCURRENCY: String(PROCESSES) }, 120_000)
  try {
    return await apiScenariosAgain(server, seedInfo, baseline, bare, { processes: PROCESSES })
  } finally {
    await stopGroup(server.child)
  }
}

/**
 * The API scenarios with KEEP_ANSWERS=false: every request rendered afresh (kept reads and caches
 * still apply), i.e. what a read costs when the data changed since its last answer.
 */
async function runAfreshPass(seedInfo, baseline, bare) {
  step('Kept answers off (KEEP_ANSWERS=false): the API scenarios again, each answer rendered afresh')
  const server = await startApp('afresh', PORTS.afresh, { KEEP_ANSWERS: 'false' }, 120_000)
  try {
    return await apiScenariosAgain(server, seedInfo, baseline, bare, { kept_answers: false })
  } finally {
    await stopGroup(server.child)
  }
}

/**
 * Issue 30's mixed and write rows on `npm start`'s multi-process server (MIXED_PROCESSES workers)
 * over the database `extra` names (the bench's SQLite data dir by default). They change the data,
 * so they run after every read pass on that database. `bareRps`: bare node:http of this run.
 */
async function runWritesPass(seedInfo, bareRps, database, extra = {}) {
  step(
    `${MIXED_PROCESSES} processes (WEB_CONCURRENCY=${MIXED_PROCESSES}), ${database}: the mixed row with its stale-read checker, then the write rows`,
  )
  // BUILD_TIMEOUT_MS: with BENCH_ONLY=writes this is the first start, which may build.
  const server = await startApp(
    `writes-${database}`,
    PORTS.writes,
    { ...extra, WEB_CONCURRENCY: String(MIXED_PROCESSES) },
    BUILD_TIMEOUT_MS,
  )
  try {
    const out = await mixedAndWritesBench({
      base: url(PORTS.writes, ''),
      token: ROOT_TOKEN,
      seedInfo,
      bare: bareRps,
      dataDir,
      connections: CONNECTIONS,
      threads: THREADS,
      seconds: SECONDS,
      warmup: WARMUP,
      label: database,
    })
    return { database, processes: MIXED_PROCESSES, ...out }
  } finally {
    await stopGroup(server.child)
  }
}

/**
 * The same seed in a throwaway PostgreSQL database (BENCH_POSTGRES_URL names the server and an
 * existing database to connect to; loopback only), one process, the API scenarios again; then,
 * unless BENCH_MIXED=0, the mixed and write rows on the multi-process server over it.
 * Skipped (and said so) when no PostgreSQL answers; BENCH_POSTGRES=0 skips it.
 */
async function runPostgresPass(baseline, bare, { reads = true, writes = MIXED } = {}) {
  if (process.env.BENCH_POSTGRES === '0') return { skipped: 'BENCH_POSTGRES=0' }
  const admin = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(admin.hostname))
    throw new Error(`BENCH_POSTGRES_URL must be a loopback address, not ${admin.hostname}`)
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: admin.href })
  try {
    await client.connect()
  } catch (err) {
    console.log(`   no PostgreSQL at ${admin.host}: ${err.message} (skipped)`)
    return { skipped: `no PostgreSQL at ${admin.host}` }
  }
  const name = `bench_${process.pid}`
  const dbUrl = new URL(admin.href)
  dbUrl.pathname = `/${name}`
  const dir = path.join(dataDir, 'postgresql')
  mkdirSync(dir, { recursive: true })
  try {
    await client.query(`CREATE DATABASE ${name}`)
    const env = { DATA_DIR: dir, DATABASE_URL: dbUrl.href }
    const seedInfo = seed(dir, PROJECTS, env)
    const out = {}
    if (reads) {
      const server = await startApp('postgresql', PORTS.postgresql, env, 120_000)
      try {
        seedInfo.snippetId = await seedSnippets(url(PORTS.postgresql, ''), seedInfo.projectId)
        step(`PostgreSQL (${admin.host}, database ${name}): the API scenarios again`)
        out.scenarios = await apiScenariosAgain(server, seedInfo, baseline, bare, { database: 'postgresql' })
      } finally {
        await stopGroup(server.child)
      }
    }
    if (writes) out.writes = await runWritesPass(seedInfo, bare?.rps, 'postgresql', env)
    return out
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
    await client.end()
  }
}

/**
 * BENCH_ONLY=writes: bare node:http, then the mixed and write rows on SQLite and PostgreSQL
 * (writes bench/results-writes.json): the quick loop for work on write paths and coherence.
 */
async function writesOnly(seedInfo) {
  step('Starting bare node:http')
  const bareServer = {
    child: spawnGroup(process.execPath, ['scripts/bench/bare-server.mjs', String(PORTS.bare)], {
      logFile: logOf('bare'),
    }),
    port: PORTS.bare,
  }
  await waitFor200(url(PORTS.bare, '/'), {
    child: bareServer.child,
    since: performance.now(),
    timeoutMs: 10_000,
    logFile: logOf('bare'),
  })
  const load = os.loadavg()[0]
  step(`Load: wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s --latency (after a ${WARMUP} s warm-up)`)
  const bare = await runScenario(
    scenarios.find((s) => s.mount === 'bare'),
    { bare: bareServer },
    seedInfo,
  )
  const passes = [await runWritesPass(seedInfo, bare.rps, 'sqlite')]
  const postgres = await runPostgresPass([], bare, { reads: false, writes: true })
  passes.push(postgres.writes ?? { database: 'postgresql', skipped: postgres.skipped })
  await stopGroup(bareServer.child)
  printWrites(passes)
  const checks = writesTargets(passes)
  printTargets(checks)
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true })
  const settings = {
    seconds: SECONDS,
    connections: CONNECTIONS,
    threads: THREADS,
    warmup_seconds: WARMUP,
    projects: seedInfo.projects,
    cpus: os.availableParallelism(),
    load_average: round(load, 2),
    node: process.version,
  }
  writeFileSync(
    path.join(ROOT, 'bench/results-writes.json'),
    `${JSON.stringify({ generated_at: new Date().toISOString(), settings, bare_rps: round(bare.rps, 1), writes: writesResults(passes), targets: checks }, null, 2)}\n`,
  )
  console.log('\nWrote bench/results-writes.json')
  return checks.some((c) => c.status === 'FAIL') ? 1 : 0
}

function printAgain(title, rows, versus) {
  console.log(`\n${title} (req/s)`)
  for (const r of rows)
    console.log(
      `  ${r.name}: ${r.skipped ? r.skipped : `${Math.round(r.rps)} req/s, ×${r.speedup?.toFixed(2)} of ${versus}, p99 ${r.p99_ms.toFixed(2)} ms, max RSS ${r.rss_mb} MB`}`,
    )
}

async function runScenario(s, servers, seedInfo) {
  const server = servers[s.mount]
  const target = url(server.port, typeof s.path === 'function' ? s.path(seedInfo) : s.path)
  const base = {
    name: s.name,
    mount: s.mount,
    path: new URL(target).pathname + new URL(target).search,
    api: !!s.api,
    kind: s.kind,
    minRatio: s.minRatio,
    compare: s.compare,
  }
  const status = await probe(target, s.headers)
  const expected = s.status ?? 200
  if (status !== expected) {
    console.log(`   ${s.name}: HTTP ${status || 'no answer'} (expected ${expected}), skipped`)
    return { ...base, skipped: `HTTP ${status || 'no answer'}, expected ${expected}` }
  }
  const opts = { url: target, headers: s.headers, connections: CONNECTIONS, threads: THREADS }
  if (WARMUP > 0) await runWrk({ ...opts, seconds: WARMUP }) // JIT, caches, SQLite pages
  const r = await runWrk({ ...opts, seconds: SECONDS })
  // "23 timeout, 4 non-2xx"; non-2xx only counts when a 2xx was expected.
  const counts = { ...r.socket_errors, ...(expected < 300 ? { 'non-2xx': r.non_2xx } : {}) }
  const errors =
    Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || undefined
  const rss = maxTreeRssMb(server.child.pid)
  console.log(
    `   ${s.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50_ms.toFixed(2)} ms, p99 ${r.p99_ms.toFixed(2)} ms, RSS ${rss} MB${errors ? `, errors: ${errors}` : ''}`,
  )
  return { ...base, rps: r.rps, p50_ms: r.p50_ms, p99_ms: r.p99_ms, rss_mb: rss, errors }
}

/** Per-request latency without concurrency: what each layer costs a single request. */
async function runSingle(s, servers, seedInfo) {
  const server = servers[s.mount]
  const target = url(server.port, typeof s.path === 'function' ? s.path(seedInfo) : s.path)
  const r = await runWrk({ url: target, headers: s.headers, connections: 1, threads: 1, seconds: SINGLE })
  return { name: s.name, mount: s.mount, rps: r.rps, p50_ms: r.p50_ms, p90_ms: r.p90_ms, p99_ms: r.p99_ms }
}

const round = (n, d) => (n == null ? null : Math.round(n * 10 ** d) / 10 ** d)

const CONSOLE_PAGES = (seedInfo) => [
  '/admin',
  '/admin/users',
  '/projects',
  '/groups',
  '/groups/bench',
  `/projects/${seedInfo.projectPath}`,
  '/admin/runners',
  '/admin/settings/general',
  '/profile/personal_access_tokens',
]

async function measureConsolePages(seedInfo) {
  step(
    `Console pages as root (${seedInfo.projects.toLocaleString('en-US')} projects, ${seedInfo.users.toLocaleString('en-US')} users): sequential server renders and JavaScript per page`,
  )
  return consolePagesBench({
    base: url(PORTS.direct, ''),
    login: 'root',
    password: appEnv(0).INITIAL_ROOT_PASSWORD,
    pages: CONSOLE_PAGES(seedInfo),
  })
}

/** BENCH_ONLY=console: the console's figures alone (writes bench/results-console.json). */
async function consoleOnly(seedInfo) {
  const direct = await startApp('direct', PORTS.direct, {}, BUILD_TIMEOUT_MS)
  const load = os.loadavg()[0]
  const pages = await measureConsolePages(seedInfo)
  await stopGroup(direct.child)
  const checks = consolePagesTargets(pages)
  printTargets(checks)
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true })
  const settings = {
    projects: seedInfo.projects,
    users: seedInfo.users,
    cpus: os.availableParallelism(),
    load_average: round(load, 2),
    node: process.version,
  }
  writeFileSync(
    path.join(ROOT, 'bench/results-console.json'),
    `${JSON.stringify({ generated_at: new Date().toISOString(), settings, console_pages: pages, targets: checks }, null, 2)}\n`,
  )
  return checks.some((c) => c.status === 'FAIL') ? 1 : 0
}

/** The server's largest process once it has been quiet for a few seconds after everything ran on it. */
async function rssAfterBench(server) {
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const mb = maxTreeRssMb(server.child.pid)
  console.log(`   RSS after the bench (3 s quiet): ${mb} MB`)
  return mb
}

async function main() {
  ensureWrk()
  for (const port of Object.values(PORTS)) {
    if ((await probe(url(port, '/'))) !== 0)
      throw new Error(`port ${port} is already answering; set BENCH_PORT to a free range`)
  }
  if (process.env.BENCH_ONLY === 'migration') {
    const migration = await runMigrationBench()
    const checks = migrationTargets(migration)
    printTargets(checks)
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true })
    writeFileSync(
      path.join(ROOT, 'bench/results-migration.json'),
      `${JSON.stringify({ generated_at: new Date().toISOString(), migration, targets: checks }, null, 2)}\n`,
    )
    return checks.some((c) => c.status === 'FAIL') ? 1 : 0
  }
  const seedInfo = seed()
  if (process.env.BENCH_ONLY === 'console') return consoleOnly(seedInfo)
  if (process.env.BENCH_ONLY === 'writes') return writesOnly(seedInfo)

  step('Starting servers')
  const servers = {}
  servers.bare = {
    child: spawnGroup(process.execPath, ['scripts/bench/bare-server.mjs', String(PORTS.bare)], {
      logFile: logOf('bare'),
    }),
    port: PORTS.bare,
  }
  await waitFor200(url(PORTS.bare, '/'), {
    child: servers.bare.child,
    since: performance.now(),
    timeoutMs: 10_000,
    logFile: logOf('bare'),
  })
  console.log('   direct mount: node scripts/start.mjs (builds first if the sources changed)…')
  servers.direct = await startApp('direct', PORTS.direct, {}, BUILD_TIMEOUT_MS)
  seedInfo.snippetId = await seedSnippets(url(PORTS.direct, ''), seedInfo.projectId)
  const startup = await measureStartup()
  servers.next = await startApp('next', PORTS.next, { API_MOUNT: 'next' }, 120_000, '/api/v4/version', AUTH)

  // Anything else busy on the machine (a build, a test run) shows up as noise, mostly in p99.
  const load = os.loadavg()[0]
  if (load > os.availableParallelism() / 2)
    console.log(
      `\n!! load average ${load.toFixed(2)} on ${os.availableParallelism()} CPUs: other work is running, expect noisy numbers`,
    )

  step(`Load: wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s --latency (after a ${WARMUP} s warm-up)`)
  const results = []
  for (const s of scenarios) results.push(await runScenario(s, servers, seedInfo))
  const bare = results.find((r) => r.mount === 'bare' && !r.skipped)
  for (const r of results) r.ratio = bare && !r.skipped ? r.rps / bare.rps : null

  step(`One connection: wrk -t1 -c1 -d${SINGLE}s`)
  const single = []
  for (const s of scenarios) {
    const measured = results.find((r) => r.name === s.name)
    single.push(
      measured.skipped
        ? { name: s.name, mount: s.mount, skipped: measured.skipped }
        : await runSingle(s, servers, seedInfo),
    )
  }

  let runners = null
  const apiOnly = process.env.BENCH_ONLY === 'api'
  const runnerCount = apiOnly ? 0 : knob('BENCH_RUNNERS', 200)
  if (runnerCount > 0) {
    step(
      `Runners: ${runnerCount} long-polling runners, ${knob('BENCH_RUNNER_JOBS', 2000)} jobs queued; idle polls with wrk`,
    )
    runners = await runnerBench({
      base: url(PORTS.direct, ''),
      rootToken: ROOT_TOKEN,
      dataDir,
      runners: runnerCount,
      jobs: knob('BENCH_RUNNER_JOBS', 2000),
      seconds: SECONDS,
      connections: CONNECTIONS,
      threads: THREADS,
    })
    runners.idle_poll.ratio = bare ? round(runners.idle_poll.rps / bare.rps, 4) : null
    runners.rss_mb = maxTreeRssMb(servers.direct.child.pid)
    console.log(
      `   handed out ${runners.jobs_handed_out}/${runners.jobs_queued} jobs (${runners.duplicate_hand_outs} twice; ${runners.jobs_success_per_api} success per the API) in ${runners.drain_ms} ms; hand-out p50 ${runners.handout_p50_ms?.toFixed(1)} ms, p99 ${runners.handout_p99_ms?.toFixed(1)} ms`,
    )
    console.log(
      `   idle poll: ${Math.round(runners.idle_poll.rps)} req/s (${runners.idle_poll.ratio}× bare), p50 ${runners.idle_poll.p50_ms.toFixed(2)} ms, p99 ${runners.idle_poll.p99_ms.toFixed(2)} ms; database writes during ${runners.idle_poll.requests} idle polls: ${runners.idle_poll_db_writes}`,
    )
  }

  const consolePages = apiOnly ? [] : await measureConsolePages(seedInfo)

  await stopGroup(servers.next.child)
  const soak = SOAK_SECONDS > 0 ? await runSoak(servers.direct, seedInfo) : null
  const rssAfterMb = await rssAfterBench(servers.direct)
  await stopGroup(servers.direct.child)
  const processes = PROCESSES > 1 ? await runProcessesPass(seedInfo, results, bare) : []
  const afresh = process.env.BENCH_AFRESH === '0' ? [] : await runAfreshPass(seedInfo, results, bare)
  // After every read pass on the SQLite database: these rows change its data.
  const writes = MIXED ? [await runWritesPass(seedInfo, bare?.rps, 'sqlite')] : []
  const postgres = await runPostgresPass(results, bare)
  if (MIXED) writes.push(postgres.writes ?? { database: 'postgresql', skipped: postgres.skipped })
  await stopGroup(servers.bare.child)

  const growth = process.env.BENCH_GROWTH === '0' ? null : await runGrowth()

  const migration = !apiOnly && knob('BENCH_MIGRATION_PROJECTS', 100) > 0 ? await runMigrationBench() : null

  printResults(results)
  const comparison = mountComparison(results)
  printMountComparison(comparison)
  printSingleConnection(single)
  if (processes.length) printAgain(`1 process vs ${PROCESSES}`, processes, '1 process')
  if (afresh.length)
    printAgain('Kept answers vs every answer afresh (KEEP_ANSWERS=false), 1 process', afresh, 'kept answers')
  if (postgres.scenarios) printAgain('SQLite vs PostgreSQL, 1 process', postgres.scenarios, 'SQLite')
  else console.log(`\nPostgreSQL: ${postgres.skipped}`)
  if (writes.length) printWrites(writes)
  const checks = checkTargets(results, startup.rebuilt ? null : startup.ms, rssAfterMb)
  if (runners) {
    const once = runners.duplicate_hand_outs === 0 && runners.jobs_handed_out === runners.jobs_queued
    checks.push({
      label: `runners: each of ${runners.jobs_queued} jobs handed out exactly once`,
      status: once ? 'PASS' : 'FAIL',
      detail: `${runners.jobs_handed_out} handed out, ${runners.duplicate_hand_outs} twice`,
    })
    checks.push({
      label: 'runners: database writes per idle poll = 0',
      status: runners.idle_poll_db_writes === 0 ? 'PASS' : 'FAIL',
      detail: `${runners.idle_poll_db_writes} writes in ${runners.idle_poll.requests} polls`,
    })
  }
  if (migration) checks.push(...migrationTargets(migration))
  if (soak)
    checks.push({
      label: `soak: RSS after ${soak.seconds} s ≤ 1.1 × RSS after the first turn`,
      status: soak.end_mb <= soak.plateau_mb * 1.1 ? 'PASS' : 'FAIL',
      detail: `${soak.plateau_mb} → ${soak.end_mb} MB`,
    })
  checks.push(...consolePagesTargets(consolePages))
  checks.push(...writesTargets(writes))
  if (growth) {
    printGrowth(growth)
    checks.push(...growthTargets(growth))
  }
  printTargets(checks)

  const pick = (r) => ({
    name: r.name,
    rps: round(r.rps, 1),
    p50_ms: round(r.p50_ms, 3),
    ...(r.p90_ms != null ? { p90_ms: round(r.p90_ms, 3) } : {}),
    p99_ms: round(r.p99_ms, 3),
    ratio: round(r.ratio, 4),
    rss_mb: r.rss_mb ?? null,
    mount: r.mount,
    kind: r.kind ?? null,
    ...(r.minRatio != null ? { minRatio: r.minRatio } : {}),
    path: r.path,
    database: r.mount === 'bare' ? null : (r.database ?? 'sqlite'),
    processes: r.processes ?? 1,
    ...(r.kept_answers === false ? { kept_answers: false } : {}),
    ...(r.speedup != null
      ? {
          [r.database === 'postgresql'
            ? 'speedup_vs_sqlite'
            : r.kept_answers === false
              ? 'speedup_vs_kept_answers'
              : 'speedup_vs_1_process']: round(r.speedup, 2),
        }
      : {}),
    ...(r.skipped ? { skipped: r.skipped } : {}),
    ...(r.errors ? { errors: r.errors } : {}),
  })
  const out = {
    generated_at: new Date().toISOString(),
    startup_ms: startup.ms,
    startup_1_process_ms: startup.single_ms,
    rss_after_bench_mb: rssAfterMb,
    ...(startup.rebuilt ? { startup_included_rebuild: true } : {}),
    settings: {
      seconds: SECONDS,
      connections: CONNECTIONS,
      threads: THREADS,
      warmup_seconds: WARMUP,
      projects: seedInfo.projects,
      users: seedInfo.users,
      cpus: os.availableParallelism(),
      load_average: round(load, 2),
      node: process.version,
    },
    scenarios: [...results, ...processes, ...afresh, ...(postgres.scenarios ?? [])].map(pick),
    ...(postgres.skipped ? { postgresql_skipped: postgres.skipped } : {}),
    writes: writesResults(writes),
    single_connection: single.map(pick),
    mount_comparison: comparison.map((c) => ({ ...c, speedup: round(c.speedup, 2) })),
    targets: checks,
    runners,
    soak,
    migration,
    console_pages: consolePages,
    growth,
  }
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true })
  writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(out, null, 2)}\n`)
  // The soak's section (npm run soak) stays until the next soak replaces it.
  const reportFile = path.join(ROOT, 'bench/report.html')
  const soakSection = existsSync(reportFile)
    ? /<!-- soak -->[\s\S]*<!-- \/soak -->/.exec(readFileSync(reportFile, 'utf8'))?.[0]
    : undefined
  writeFileSync(reportFile, reportHtml({ ...out, soak_section: soakSection }))
  console.log('\nWrote bench/results.json and bench/report.html')
  return checks.some((c) => c.status === 'FAIL') ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\nbench failed: ${err.stack ?? err}`)
    keepDataDir = true
    process.exit(2)
  },
)
