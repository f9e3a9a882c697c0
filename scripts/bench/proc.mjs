// Child-process plumbing for the bench: every child runs in its own process group so that one
// kill reaches whatever it spawned (npm → sh → node, start.mjs → next build), and every group is
// killed when the bench exits, however it exits.
import { spawn } from 'node:child_process'
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const groups = new Set()

/** Spawns `cmd args` as a process-group leader; stdout+stderr go to `logFile` (or are ignored). */
export function spawnGroup(cmd, args, { env, cwd, logFile } = {}) {
  const fd = logFile ? openSync(logFile, 'a') : 'ignore'
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] })
  if (typeof fd === 'number') closeSync(fd) // the child has its own copy
  return track(child)
}

/** Registers a child spawned with `detached: true` for the kill-everything-on-exit sweep. */
export function track(child) {
  // Kept until stopGroup/untrack: when the leader exits, others in its group (npm's node child) may not.
  groups.add(child.pid)
  return child
}

export const untrack = (child) => groups.delete(child.pid)

const signalGroup = (pid, sig) => {
  try {
    process.kill(-pid, sig)
  } catch {
    // already gone
  }
}

/** SIGTERM the child's group, SIGKILL it if still there after `graceMs`. */
export async function stopGroup(child, graceMs = 3000) {
  if (!child || !groups.has(child.pid)) return
  signalGroup(child.pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (!exited(child) && Date.now() < deadline) await sleep(50)
  signalGroup(child.pid, 'SIGKILL')
  groups.delete(child.pid)
}

/** Last resort, synchronous (usable in process.on('exit')): SIGKILL every group still alive. */
export function killAllGroups() {
  for (const pid of groups) signalGroup(pid, 'SIGKILL')
  groups.clear()
}

/** Kills all children on any way out: normal exit, Ctrl-C, SIGTERM, uncaught error. */
export function installCleanup() {
  process.on('exit', killAllGroups)
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      console.error(`\nbench: ${sig}, stopping children`)
      killAllGroups()
      process.exit(130)
    })
  }
  process.on('uncaughtException', (err) => {
    console.error('bench:', err)
    killAllGroups()
    process.exit(2)
  })
  process.on('unhandledRejection', (err) => {
    console.error('bench:', err)
    killAllGroups()
    process.exit(2)
  })
}

/** Status of GET url, or 0 when nothing answers. Only loopback targets are ever polled. */
export async function probe(url, headers = {}) {
  assertLoopback(url)
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) })
    await res.arrayBuffer()
    return res.status
  } catch {
    return 0
  }
}

/**
 * Polls `url` every 50 ms until it answers 200. Resolves to ms since `since` (performance.now()).
 * Rejects if the child exits first or `timeoutMs` passes, with the tail of its log for context.
 */
export async function waitFor200(url, { child, since, timeoutMs, logFile, headers }) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if ((await probe(url, headers)) === 200) return performance.now() - since
    if (child && exited(child))
      throw new Error(
        `process exited (${child.exitCode ?? child.signalCode}) before ${url} answered 200${logTail(logFile)}`,
      )
    if (performance.now() > deadline)
      throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s${logTail(logFile)}`)
    await sleep(50)
  }
}

export const exited = (child) => child.exitCode !== null || child.signalCode !== null

export function logTail(logFile, lines = 25) {
  if (!logFile) return ''
  try {
    const text = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
    return `\n--- last lines of ${logFile} ---\n${text}`
  } catch {
    return ''
  }
}

/** Resident set size of one process in MB (VmRSS), or null if it is gone. */
export function rssMb(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : null
  } catch {
    return null
  }
}

/** `pid` and every process below it (a cluster's primary and its workers), from /proc. */
export function processTree(pid) {
  const children = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // Fields after the command (which may hold spaces and parentheses): state, then ppid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (!children.has(ppid)) children.set(ppid, [])
      children.get(ppid).push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  const out = []
  const walk = (p) => {
    out.push(p)
    for (const c of children.get(p) ?? []) walk(c)
  }
  walk(pid)
  return out
}

/** The largest RSS among `pid`'s tree: the per-process figure of a multi-process server. */
export function maxTreeRssMb(pid) {
  const values = processTree(pid)
    .map(rssMb)
    .filter((v) => v != null)
  return values.length ? Math.max(...values) : null
}

/** The bench drives only this machine: refuse anything that is not http://127.0.0.1:<port>. */
export function assertLoopback(url) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`refusing non-loopback target ${url}`)
}
