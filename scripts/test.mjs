// `npm test`: the Debian packages the tests drive (scripts/system-deps.sh), typecheck, lint (ESLint + Prettier), layers (dependency-cruiser, table ownership, folder pairs), migrations in sync, unit + integration and the security step that greps the whole
// run's logs and database for secrets (SQLite; again on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright e2e suite against a production build. Ends with
// one "N passed, N failed" line summed over every runner.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const reports = mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))
// One directory for the whole run: every test server appends its log here and the tests record the
// secrets they made (test/secrets.ts); the security steps grep all of it (test/security/).
const evidence = mkdtempSync(path.join(os.tmpdir(), 'test-evidence-'))
process.env.TEST_EVIDENCE_DIR = evidence
const vitest = (name, args) => [
  'npx',
  [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
]
const steps = [
  // Chromium and the GitLab clients come from Debian: installed here when possible, else one line says how.
  { name: 'system packages (Chromium, GitLab clients)', cmd: ['bash', ['scripts/system-deps.sh']] },
  // The static checks are single-threaded: the others run beside ESLint, the longest of them.
  {
    name: 'lint (ESLint, Prettier)',
    cmd: ['npm', ['run', '--silent', 'lint']],
    beside: [
      { name: 'typecheck', cmd: ['npx', ['tsc', '--noEmit']], report: 'typecheck' },
      {
        name: 'layers (dependency-cruiser, table ownership, folder pairs)',
        cmd: ['npm', ['run', '--silent', 'lint:deps']],
        report: 'layers',
      },
      {
        name: 'migrations in sync with the schema',
        cmd: ['npx', ['tsx', 'scripts/db.ts', 'check']],
        report: 'migrations',
      },
    ],
  },
  {
    name: 'unit + integration (SQLite)',
    cmd: vitest('sqlite', ['--project', 'unit', '--project', 'integration']),
    env: { TEST_DATABASE_URL: '' },
    report: 'sqlite',
  },
  // Its own run: a project's global setup makes the run's database and registry, and two projects
  // of one run would each make theirs (the second overwriting the first's environment).
  {
    name: 'endpoint fuzz (SQLite)',
    cmd: vitest('sqlite-fuzz', ['--project', 'fuzz']),
    env: { TEST_DATABASE_URL: '' },
    report: 'sqlite-fuzz',
  },
  {
    name: 'instance-wide settings (SQLite, serial)',
    cmd: vitest('sqlite-serial', ['--project', 'integration-serial']),
    env: { TEST_DATABASE_URL: '' },
    report: 'sqlite-serial',
  },
  {
    name: 'security: secrets in logs and database, CSRF (SQLite)',
    cmd: vitest('sqlite-security', ['--project', 'security']),
    env: { TEST_DATABASE_URL: '' },
    report: 'sqlite-security',
  },
]
// The PostgreSQL passes, in this order, after the SQLite ones. (Run beside the e2e suite on 2 cores
// they saved minutes but failed: 20 concurrent issue creates waited past Prisma's 2 s for a pool
// connection, and the failed-authentication window rolled over mid-test.)
const postgresSteps = process.env.TEST_DATABASE_URL
  ? [
      {
        name: 'integration (PostgreSQL)',
        cmd: vitest('postgresql', ['--project', 'integration']),
        report: 'postgresql',
      },
      {
        name: 'endpoint fuzz (PostgreSQL)',
        cmd: vitest('postgresql-fuzz', ['--project', 'fuzz']),
        report: 'postgresql-fuzz',
      },
      {
        name: 'instance-wide settings (PostgreSQL, serial)',
        cmd: vitest('postgresql-serial', ['--project', 'integration-serial']),
        report: 'postgresql-serial',
      },
      {
        name: 'security: secrets in logs and database, CSRF (PostgreSQL)',
        cmd: vitest('postgresql-security', ['--project', 'security']),
        report: 'postgresql-security',
      },
    ]
  : []
const e2e = process.argv.includes('--no-e2e')
  ? null
  : {
      name: 'e2e (Playwright, Chromium)',
      cmd: ['npx', ['playwright', 'test', '--reporter=list,json']],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
      report: 'e2e',
    }
steps.push(...postgresSteps)
if (e2e) steps.push(e2e)

// A file that fails outside its tests (a hook, a suite's setup) counts no failed test: its own count.
const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: 0 }
function count(report) {
  const file = path.join(reports, `${report}.json`)
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8'))
  if (report === 'e2e') {
    totals.passed += r.stats?.expected ?? 0
    totals.failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0)
    totals.skipped += r.stats?.skipped ?? 0
  } else {
    totals.passed += r.numPassedTests ?? 0
    totals.failed += r.numFailedTests ?? 0
    totals.failedFiles += r.testResults?.filter((f) => f.status === 'failed').length ?? 0
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
}

const stepEnv = (step) => ({ ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(step.env ?? {}) })
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`

/**
 * Runs `chain` one step after another in the background, each one's output in a file printed when
 * the chain ends (interleaved with the foreground step it would be unreadable). Resolves to the
 * first failing step's status, or 0.
 */
function inBackground(chain) {
  return (async () => {
    for (const step of chain) {
      const log = path.join(reports, `${step.report}.log`)
      const started = Date.now()
      const code = await new Promise((resolve) => {
        const out = openSync(log, 'w')
        const child = spawn(step.cmd[0], step.cmd[1], { stdio: ['ignore', out, out], env: stepEnv(step) })
        child.on('close', (c) => {
          closeSync(out)
          resolve(c ?? 1)
        })
      })
      console.log(`\n=== ${step.name} (ran beside the step above, ${seconds(started)})\n${readFileSync(log, 'utf8')}`)
      if (step.report) count(step.report)
      if (code !== 0) {
        console.error(`\n${step.name} failed`)
        return code
      }
    }
    return 0
  })()
}

let status = 0
for (const step of steps) {
  console.log(
    `\n=== ${step.name}${step.beside?.length ? ` (beside it: ${step.beside.map((b) => b.name).join(', ')})` : ''}`,
  )
  const started = Date.now()
  const background = step.beside?.length ? inBackground(step.beside) : Promise.resolve(0)
  const [cmd, args] = step.cmd
  const code = await new Promise((resolve) =>
    spawn(cmd, args, { stdio: 'inherit', env: stepEnv(step) }).on('close', (c) => resolve(c ?? 1)),
  )
  console.log(`=== ${step.name}: ${seconds(started)}`)
  if (step.report) count(step.report)
  const besideCode = await background
  if (code !== 0 || besideCode !== 0) {
    if (code !== 0) console.error(`\n${step.name} failed`)
    status = code || besideCode
    break
  }
}
rmSync(evidence, { recursive: true, force: true })
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${
    totals.failedFiles ? `, ${totals.failedFiles} test file(s) failed` : ''
  }`,
)
process.exit(status || (totals.failed ? 1 : 0))
