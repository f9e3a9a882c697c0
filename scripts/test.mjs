// `npm test`: the Debian packages the tests drive (scripts/system-deps.sh), typecheck, lint (ESLint + Prettier), layers (dependency-cruiser + table ownership), migrations in sync, unit + integration (SQLite; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright e2e suite against a production build. Ends with
// one "N passed, N failed" line summed over every runner.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const reports = mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))
const vitest = (name, args) => ['npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`]]
const steps = [
  // Chromium and the GitLab clients come from Debian: installed here when possible, else one line says how.
  { name: 'system packages (Chromium, GitLab clients)', cmd: ['bash', ['scripts/system-deps.sh']] },
  { name: 'typecheck', cmd: ['npx', ['tsc', '--noEmit']] },
  { name: 'lint (ESLint, Prettier)', cmd: ['npm', ['run', '--silent', 'lint']] },
  { name: 'layers (dependency-cruiser, table ownership)', cmd: ['npm', ['run', '--silent', 'lint:deps']] },
  { name: 'migrations in sync with the schema', cmd: ['npx', ['tsx', 'scripts/db.ts', 'check']] },
  { name: 'unit + integration (SQLite)', cmd: vitest('sqlite', ['--project', 'unit', '--project', 'integration']), env: { TEST_DATABASE_URL: '' }, report: 'sqlite' },
  { name: 'instance-wide settings (SQLite, serial)', cmd: vitest('sqlite-serial', ['--project', 'integration-serial']), env: { TEST_DATABASE_URL: '' }, report: 'sqlite-serial' },
]
if (process.env.TEST_DATABASE_URL) {
  steps.push({ name: 'integration (PostgreSQL)', cmd: vitest('postgresql', ['--project', 'integration']), report: 'postgresql' })
  steps.push({ name: 'instance-wide settings (PostgreSQL, serial)', cmd: vitest('postgresql-serial', ['--project', 'integration-serial']), report: 'postgresql-serial' })
}
if (!process.argv.includes('--no-e2e'))
  steps.push({
    name: 'e2e (Playwright, Chromium)',
    cmd: ['npx', ['playwright', 'test', '--reporter=list,json']],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    report: 'e2e',
  })

const totals = { passed: 0, failed: 0, skipped: 0 }
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
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
}

let status = 0
for (const step of steps) {
  console.log(`\n=== ${step.name}`)
  const [cmd, args] = step.cmd
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(step.env ?? {}) } })
  if (step.report) count(step.report)
  if (r.status !== 0) {
    console.error(`\n${step.name} failed`)
    status = r.status ?? 1
    break
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(status || (totals.failed ? 1 : 0))
