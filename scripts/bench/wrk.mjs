// wrk: install it when missing, run it with a hard time limit, parse its --latency report.
import { spawn, spawnSync } from 'node:child_process'
import { assertLoopback, track, untrack } from './proc.mjs'

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0

/** wrk is a Debian package, not an npm one; install it the ordinary way if it is not there. */
export function ensureWrk() {
  if (has('wrk')) return
  console.log('wrk not found: apt-get install -y wrk')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const apt = (...args) => spawnSync('apt-get', args, { stdio: 'inherit', env, timeout: 300_000 }).status === 0
  // A fresh container often has no package lists yet: update only when the first try fails.
  if (!apt('install', '-y', 'wrk') && !(apt('update') && apt('install', '-y', 'wrk'))) {
    throw new Error('could not install wrk (apt-get install -y wrk failed; run it as root, or install wrk yourself)')
  }
  if (!has('wrk')) throw new Error('wrk still not on PATH after installing it')
}

/**
 * One wrk run. Resolves to the parsed report; the raw text is kept for errors.
 * `timeoutMs` bounds a hung run (wrk itself stops at -d, so this only fires if something is wrong).
 */
export function runWrk({ url, headers = {}, connections, threads, seconds, script }) {
  assertLoopback(url)
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency']
  // A Lua script sets the method and body (e.g. the runners' POST /jobs/request).
  if (script) args.push('-s', script)
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`)
  args.push(url)
  return new Promise((resolve, reject) => {
    // Own process group, so the timeout kill cannot miss it; stdout is small (one report).
    const child = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }))
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const timer = setTimeout(
      () => {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      },
      (seconds + 15) * 1000,
    )
    child.on('error', (e) => (clearTimeout(timer), reject(e)))
    child.on('exit', (code) => {
      clearTimeout(timer)
      untrack(child)
      if (code !== 0) return reject(new Error(`wrk exited ${code}:\n${out}`))
      try {
        resolve(parseWrk(out))
      } catch (e) {
        reject(new Error(`${e.message}\n--- wrk output ---\n${out}`))
      }
    })
  })
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** "381.00us" / "1.06ms" / "2.00s" → milliseconds. */
export function toMs(text) {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim())
  if (!m) throw new Error(`unparsable wrk latency "${text}"`)
  return Number(m[1]) * UNIT_MS[m[2]]
}

export function parseWrk(out) {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(out)
  if (!rps) throw new Error('no Requests/sec line in the wrk output')
  // "  Latency Distribution\n     50%  381.00us\n     75% ..."
  const pct = {}
  const dist = out.split(/Latency Distribution/)[1] ?? ''
  for (const m of dist.matchAll(/^\s+(\d+)%\s+([\d.]+(?:us|ms|s|m|h))\s*$/gm)) pct[m[1]] = toMs(m[2])
  if (pct['50'] === undefined || pct['99'] === undefined) throw new Error('no Latency Distribution in the wrk output')
  const total = /^\s+(\d+) requests in/m.exec(out)
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)
  return {
    rps: Number(rps[1]),
    p50_ms: pct['50'],
    p90_ms: pct['90'],
    p99_ms: pct['99'],
    requests: total ? Number(total[1]) : null,
    // connect/read/write/timeout counts; a timeout is a request not answered within wrk's 2 s.
    socket_errors: sock ? { connect: +sock[1], read: +sock[2], write: +sock[3], timeout: +sock[4] } : {},
    non_2xx: non2xx ? Number(non2xx[1]) : 0,
  }
}
