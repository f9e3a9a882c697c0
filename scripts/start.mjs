// `npm start`: build when the sources are newer than the last build, then run the server.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

import { SERVER_NODE_FLAGS } from './server-flags.mjs'

process.env.NEXT_TELEMETRY_DISABLED = '1'
const missing = SERVER_NODE_FLAGS.filter((f) => !process.execArgv.includes(f))
if (missing.length)
  console.warn(`Started without ${missing.join(' ')} (see scripts/server-flags.mjs): memory use will be higher.`)
process.env.NODE_ENV = 'production'
const SOURCES = [
  'app',
  'components',
  'lib',
  'proxy.ts',
  'instrumentation-client.ts',
  'prisma/schema.prisma',
  'package.json',
  'package-lock.json',
  'next.config.mjs',
  'tsconfig.json',
]
const STAMP = 'dist/.build-stamp'

function newest(p) {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const entry of readdirSync(p)) {
    if (entry === 'generated' || entry === 'node_modules') continue
    max = Math.max(max, newest(path.join(p, entry)))
  }
  return max
}

const stale = () => {
  const built = existsSync(STAMP) && existsSync('.next/BUILD_ID') ? statSync(STAMP).mtimeMs : 0
  return !built || SOURCES.some((s) => newest(s) > built)
}

// Two starts in one checkout (e.g. two Playwright runs) must not build into .next at once: a lock
// directory (mkdir is atomic) serialises them; a lock older than 15 minutes is a crashed build.
const LOCK = 'dist/.build-lock'
async function withBuildLock(fn) {
  mkdirSync('dist', { recursive: true })
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 15 * 60_000)
        rmSync(LOCK, { recursive: true, force: true })
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
  try {
    return fn()
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

// A cluster worker (WEB_CONCURRENCY > 1) re-runs this script: the primary has built already.
if (cluster.isPrimary && stale()) {
  const status = await withBuildLock(() => {
    if (!stale()) return 0 // another start built it while this one waited
    console.log('Building (sources changed since the last build)…')
    return spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: process.env }).status ?? 1
  })
  if (status !== 0) process.exit(status)
}
const server = path.resolve('dist/server.mjs')
if (cluster.isPrimary) {
  const { clusterSize, configProblem, listeningLine, runCluster } = await import(path.resolve('dist/cluster.mjs'))
  const problem = configProblem()
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
  if (clusterSize() > 1) runCluster({ exec: server, onListening: (n, c) => console.log(listeningLine(n, c)) })
  else await import(server)
} else await import(server)
