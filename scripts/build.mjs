// Production build: the Next.js app (console + route handlers) and the custom server bundle.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'

process.env.NEXT_TELEMETRY_DISABLED = '1'
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

run('npx', ['next', 'build'])
await build({
  entryPoints: ['lib/server/main.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
})
mkdirSync('dist', { recursive: true })
writeFileSync('dist/.build-stamp', new Date().toISOString())
