// `npm start`: build when the sources are newer than the last build, then run the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

import { SERVER_NODE_FLAGS } from './server-flags.mjs'

process.env.NEXT_TELEMETRY_DISABLED = '1'
const missing = SERVER_NODE_FLAGS.filter((f) => !process.execArgv.includes(f))
if (missing.length) console.warn(`Started without ${missing.join(' ')} (see scripts/server-flags.mjs): memory use will be higher.`)
process.env.NODE_ENV = 'production'
const SOURCES = ['app', 'components', 'lib', 'prisma/schema.prisma', 'package.json', 'package-lock.json', 'next.config.mjs', 'tsconfig.json']
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

const built = existsSync(STAMP) && existsSync('.next/BUILD_ID') ? statSync(STAMP).mtimeMs : 0
if (!built || SOURCES.some((s) => newest(s) > built)) {
  console.log('Building (sources changed since the last build)…')
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
await import(path.resolve('dist/server.mjs'))
