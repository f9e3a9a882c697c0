// `npm run bench:scheduler`: 10,000 active schedules due in the same minute, two scheduler
// processes on one database (SQLite, then PostgreSQL when reachable). Reports how long until all
// have fired and checks that each fired exactly once. Writes bench/scheduler-results.json.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const COUNT = Number(process.env.SCHEDULES ?? 10_000)
const PROCESSES = 2
const LIMIT_MS = 120_000

async function seed(env: NodeJS.ProcessEnv) {
  const r = spawnSync('npx', ['tsx', 'scripts/bench/seed-schedules.ts', String(COUNT)], { env, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`seed failed: ${r.stderr}`)
}

async function counts(env: NodeJS.ProcessEnv): Promise<{ fired: number; duplicates: number }> {
  const r = spawnSync('npx', ['tsx', 'scripts/bench/schedule-counts.ts'], { env, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`count failed: ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { fired: number; duplicates: number }
}

async function run(name: string, databaseUrl: string, dataDir: string) {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'production' as const,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench',
  }
  await seed(env)
  const started = Date.now()
  const workers: ChildProcess[] = Array.from({ length: PROCESSES }, () =>
    spawn('npx', ['tsx', 'scripts/bench/schedule-worker.ts'], { env, stdio: 'ignore', detached: true }),
  )
  let result = { fired: 0, duplicates: 0 }
  try {
    while (Date.now() - started < LIMIT_MS) {
      await new Promise((r) => setTimeout(r, 1000))
      result = await counts(env)
      if (result.fired >= COUNT) break
    }
  } finally {
    for (const w of workers)
      if (w.pid)
        try {
          process.kill(-w.pid, 'SIGTERM')
        } catch {
          /* gone */
        }
  }
  const seconds = (Date.now() - started) / 1000
  const line = {
    name,
    schedules: COUNT,
    processes: PROCESSES,
    fired: result.fired,
    duplicates: result.duplicates,
    seconds: Math.round(seconds * 10) / 10,
    pass: result.fired === COUNT && result.duplicates === 0 && seconds <= 60,
  }
  console.log(
    `${name}: ${line.fired}/${COUNT} fired by ${PROCESSES} processes in ${line.seconds} s, ${line.duplicates} fired twice → ${line.pass ? 'PASS' : 'FAIL'} (target: all within 60 s, each once)`,
  )
  return line
}

const results = []
const dir = mkdtempSync(path.join(os.tmpdir(), 'sched-bench-'))
try {
  results.push(await run('SQLite', `file:${path.join(dir, 'sqlite', 'bench.db')}`, path.join(dir, 'sqlite')))
  const db = `sched_bench_${process.pid}`
  const pg = spawnSync(
    'psql',
    ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qc', `CREATE DATABASE ${db}`],
    { encoding: 'utf8' },
  )
  if (pg.status === 0) {
    try {
      results.push(await run('PostgreSQL', `postgresql://postgres@127.0.0.1:5432/${db}`, path.join(dir, 'pg')))
    } finally {
      spawnSync('psql', [
        '-h',
        '127.0.0.1',
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-qc',
        `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`,
      ])
    }
  } else console.log('PostgreSQL is not reachable: SQLite only')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
mkdirSync('bench', { recursive: true })
writeFileSync(
  'bench/scheduler-results.json',
  `${JSON.stringify({ generated_at: new Date().toISOString(), results }, null, 2)}\n`,
)
process.exit(results.every((r) => r.pass) ? 0 : 1)
