// The npm registry reachable here serves Next.js's SWC binary for Linux only, so `npm install`
// leaves the macOS/Windows ones out of package-lock.json, and `npm ci` then refuses the lockfile as
// out of sync with next's optionalDependencies. This records them as optional, platform-bound
// entries (npm ci skips them on Linux without fetching). Run it after any `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
const next = lock.packages['node_modules/next']
const platforms = {
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
}
let added = 0
for (const [suffix, { os, cpu }] of Object.entries(platforms)) {
  const name = `@next/swc-${suffix}`
  const version = next.optionalDependencies?.[name]
  const key = `node_modules/${name}`
  if (!version || lock.packages[key]) continue
  lock.packages[key] = { version, cpu, license: 'MIT', optional: true, os, engines: { node: '>= 10' } }
  added++
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  )
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
}
console.log(`package-lock.json: ${added} optional platform entries added`)
