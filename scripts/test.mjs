// `npm test`: typecheck, migrations in sync, unit + integration (SQLite; again on PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright e2e suite against a production build.
import { spawnSync } from 'node:child_process'

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['migrations in sync with the schema', 'npx', ['tsx', 'scripts/db.ts', 'check']],
  ['unit + integration (SQLite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
]
if (process.env.TEST_DATABASE_URL) steps.push(['integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'integration']])
if (!process.argv.includes('--no-e2e')) steps.push(['e2e (Playwright, Chromium)', 'npx', ['playwright', 'test']])

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(env ?? {}) } })
  if (r.status !== 0) {
    console.error(`\n${name} failed`)
    process.exit(r.status ?? 1)
  }
}
