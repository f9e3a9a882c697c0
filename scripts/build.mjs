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
const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  })
await bundle('lib/server/main.ts', 'dist/server.mjs')
// The multi-process primary on its own: it forks at once and stays small (lib/server/cluster.ts).
await bundle('lib/server/cluster-main.ts', 'dist/cluster.mjs')
mkdirSync('dist', { recursive: true })
writeFileSync('dist/.build-stamp', new Date().toISOString())
