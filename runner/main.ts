// The bundled runner: a small GitLab runner with a shell executor that speaks only the public
// runner protocol (POST /runners, /runners/verify, /jobs/request, PUT /jobs/:id, PATCH
// /jobs/:id/trace, DELETE /runners), so a real gitlab-runner can take its place.
//
//   npm run runner -- register --url http://127.0.0.1:3000 --token <glrt-… or registration token>
//   npm run runner -- run          (long-polls for jobs until SIGTERM/SIGINT)
//   npm run runner -- verify | unregister
//
// Options: --config <file> (default .runner/config.json, or RUNNER_CONFIG), --description,
// --tag-list a,b, --run-untagged false, --once (exit after one job). On SIGTERM the runner stops
// asking for jobs; a job it holds gets RUNNER_SHUTDOWN_GRACE_SECONDS (default 10) to finish and is
// then killed and reported failed, so it is never left running on the server.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'

const VERSION = '17.0.0-bundled'

interface Config {
  url: string
  token: string
  id: number
  systemId: string
}

interface JobPayload {
  id: number
  token: string
  job_info: { name: string; stage: string; project_id: number }
  runner_info: { timeout: number }
  variables: { key: string; value: string; masked?: boolean; file?: boolean }[]
  steps: { name: string; script: string[]; timeout: number; when: string; allow_failure: boolean }[]
}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    config: { type: 'string' },
    description: { type: 'string' },
    'tag-list': { type: 'string' },
    'run-untagged': { type: 'string' },
    once: { type: 'boolean' },
  },
})
const configPath = opts.config ?? process.env.RUNNER_CONFIG ?? join(process.cwd(), '.runner', 'config.json')
const info = {
  name: 'bundled-runner',
  version: VERSION,
  revision: 'bundled',
  platform: process.platform,
  architecture: process.arch,
  executor: 'shell',
  features: { trace_checksum: false },
}
const log = (msg: string) => console.log(`${new Date().toISOString()} ${msg}`)

async function call(
  cfg: Pick<Config, 'url'>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const res = await fetch(`${cfg.url.replace(/\/+$/, '')}/api/v4${path}`, {
    method,
    headers: {
      'User-Agent': `gitlab-runner ${VERSION} (bundled)`,
      ...(body !== undefined && !(body instanceof Uint8Array) ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body:
      body === undefined
        ? undefined
        : body instanceof Uint8Array
          ? (body as unknown as BodyInit)
          : JSON.stringify(body),
    signal,
  })
  const text = await res.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: res.status, headers: res.headers, json }
}

async function loadConfig(): Promise<Config> {
  try {
    return JSON.parse(await readFile(configPath, 'utf8')) as Config
  } catch {
    throw new Error(`no runner configuration at ${configPath}: run "register" first`)
  }
}

async function register(): Promise<void> {
  if (!opts.url || !opts.token) throw new Error('register needs --url and --token')
  const systemId = `s_${randomBytes(6).toString('hex')}`
  let id: number
  let token: string
  if (opts.token.startsWith('glrt-')) {
    // A runner created in the console or with POST /user/runners: its token is already the credential.
    const res = await call({ url: opts.url }, 'POST', '/runners/verify', { token: opts.token, system_id: systemId })
    if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.json)}`)
    ;({ id, token } = res.json as { id: number; token: string })
  } else {
    const res = await call({ url: opts.url }, 'POST', '/runners', {
      token: opts.token,
      description: opts.description ?? 'bundled runner',
      tag_list: opts['tag-list'] ?? '',
      run_untagged: opts['run-untagged'] !== 'false',
      info,
    })
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.json)}`)
    ;({ id, token } = res.json as { id: number; token: string })
  }
  await mkdir(dirname(configPath), { recursive: true })
  await writeFile(configPath, JSON.stringify({ url: opts.url, token, id, systemId } satisfies Config, null, 2), {
    mode: 0o600,
  })
  log(`registered runner ${id}; configuration in ${configPath}`)
}

/** Streams a job's log: appends new bytes with Content-Range and resynchronises on a 416. */
class Trace {
  private buf = Buffer.alloc(0)
  private sent = 0
  private flushing: Promise<void> = Promise.resolve()
  canceled = false

  constructor(
    private cfg: Config,
    private job: JobPayload,
    private masks: string[],
  ) {}

  write(text: string | Buffer) {
    let s = text.toString()
    for (const m of this.masks) if (m.length >= 8) s = s.split(m).join('[MASKED]')
    this.buf = Buffer.concat([this.buf, Buffer.from(s)])
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.send())
    return this.flushing
  }

  private async send(): Promise<void> {
    if (this.sent >= this.buf.length) return
    const chunk = this.buf.subarray(this.sent)
    const res = await call(this.cfg, 'PATCH', `/jobs/${this.job.id}/trace`, new Uint8Array(chunk), {
      'JOB-TOKEN': this.job.token,
      'Content-Type': 'text/plain',
      'Content-Range': `${this.sent}-${this.sent + chunk.length - 1}`,
    }).catch(() => null)
    if (!res) return
    if (res.status === 202) this.sent = this.buf.length
    else if (res.status === 416)
      this.sent = Math.min(this.buf.length, Number((res.headers.get('range') ?? '0-0').split('-')[1]) || 0)
    else if (res.status === 403) this.canceled = res.headers.get('job-status') !== 'running'
  }
}

function runScript(
  lines: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  trace: Trace,
  timeoutS: number,
  state: { child?: ChildProcess },
): Promise<{ code: number; timedOut: boolean }> {
  const script = ['set -eo pipefail', ...lines.flatMap((l) => [`printf '%s\\n' ${shellQuote(`$ ${l}`)}`, l])].join('\n')
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    state.child = child
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killTree(child)
    }, timeoutS * 1000)
    child.stdout.on('data', (d: Buffer) => trace.write(d))
    child.stderr.on('data', (d: Buffer) => trace.write(d))
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      state.child = undefined
      resolve({ code: code ?? (signal ? 128 + 15 : 1), timedOut })
    })
  })
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
function killTree(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
}

async function runJob(
  cfg: Config,
  job: JobPayload,
  shutdown: { requested: boolean; state: { child?: ChildProcess } },
): Promise<void> {
  const masks = job.variables.filter((v) => v.masked).map((v) => v.value)
  const trace = new Trace(cfg, job, masks)
  const dir = await mkdtemp(join(tmpdir(), `runner-job-${job.id}-`))
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    CI_BUILDS_DIR: dir,
    CI_PROJECT_DIR: dir,
  }
  for (const v of job.variables) {
    if (v.file) {
      const path = join(dir, `.var-${v.key}`)
      await writeFile(path, v.value, { mode: 0o600 })
      env[v.key] = path
    } else env[v.key] = v.value
  }
  trace.write(`Running with bundled runner ${VERSION} (runner ${cfg.id}) on ${process.platform}/${process.arch}\n`)
  trace.write(`Executing "${job.job_info.name}" (stage ${job.job_info.stage}) in ${dir}\n`)
  let ticks = 0
  const ticker = setInterval(() => {
    void trace.flush()
    if (trace.canceled && shutdown.state.child) killTree(shutdown.state.child)
    // Keep-alive: a quiet job is still alive (the server fails jobs unheard of for an hour).
    if (++ticks % 30 === 0)
      void call(cfg, 'PUT', `/jobs/${job.id}`, { token: job.token, state: 'running' }).catch(() => null)
  }, 1000)
  let result: { state: 'success' | 'failed'; failure_reason?: string; exit_code: number } = {
    state: 'success',
    exit_code: 0,
  }
  try {
    for (const step of job.steps) {
      const always = step.when === 'always'
      if (!always && result.state === 'failed') continue
      if (shutdown.requested && !always) break
      if (step.name === 'after_script') trace.write('Running after_script\n')
      const { code, timedOut } = await runScript(
        step.script,
        env,
        dir,
        trace,
        step.timeout || job.runner_info.timeout,
        shutdown.state,
      )
      if (code !== 0 && !step.allow_failure && result.state === 'success') {
        result = {
          state: 'failed',
          exit_code: code,
          failure_reason: timedOut
            ? 'job_execution_timeout'
            : shutdown.requested
              ? 'runner_system_failure'
              : 'script_failure',
        }
        trace.write(
          timedOut
            ? `ERROR: Job failed: execution took longer than ${job.runner_info.timeout} seconds\n`
            : `ERROR: Job failed: exit code ${code}\n`,
        )
      }
    }
    if (result.state === 'success') trace.write('Job succeeded\n')
  } catch (e) {
    result = { state: 'failed', exit_code: 1, failure_reason: 'runner_system_failure' }
    trace.write(`ERROR: ${(e as Error).message}\n`)
  } finally {
    clearInterval(ticker)
    await trace.flush()
    await trace.flush()
    await rm(dir, { recursive: true, force: true }).catch(() => {})
  }
  if (trace.canceled) {
    log(`job ${job.id} was canceled on the server`)
    return
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await call(cfg, 'PUT', `/jobs/${job.id}`, { token: job.token, ...result }).catch(() => null)
    if (res && (res.status === 200 || res.status === 403)) break
    await sleep(1000 * (attempt + 1))
  }
  log(`job ${job.id} ${result.state}`)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function run(): Promise<void> {
  const cfg = await loadConfig()
  const controller = new AbortController()
  const shutdown = { requested: false, state: {} as { child?: ChildProcess } }
  let busy: Promise<void> | null = null
  const stop = (signal: string) => {
    if (shutdown.requested) return
    shutdown.requested = true
    log(`${signal}: stopping${busy ? ' after the current job' : ''}`)
    controller.abort()
    const grace = Number(process.env.RUNNER_SHUTDOWN_GRACE_SECONDS ?? 10) * 1000
    if (busy) setTimeout(() => shutdown.state.child && killTree(shutdown.state.child), grace).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  log(`runner ${cfg.id} polling ${cfg.url}`)
  let lastUpdate: string | undefined
  let failures = 0
  while (!shutdown.requested) {
    let res
    try {
      res = await call(
        cfg,
        'POST',
        '/jobs/request',
        { token: cfg.token, system_id: cfg.systemId, info, last_update: lastUpdate },
        {},
        controller.signal,
      )
    } catch (e) {
      // stop() flips it from a signal handler while the request is in flight; the loop's narrowing cannot see that
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (shutdown.requested) break
      failures++
      log(`request failed: ${(e as Error).message}`)
      await sleep(Math.min(30_000, 1000 * 2 ** failures))
      continue
    }
    failures = 0
    if (res.status === 201) {
      const job = res.json as JobPayload
      log(`job ${job.id} (${job.job_info.name}) received`)
      busy = runJob(cfg, job, shutdown)
      await busy
      busy = null
      if (opts.once) break
    } else if (res.status === 204) {
      lastUpdate = res.headers.get('x-gitlab-last-update') ?? undefined
    } else if (res.status === 403) {
      throw new Error('the server refused the runner token (403): register again')
    } else {
      log(`unexpected answer ${res.status}`)
      await sleep(3000)
    }
  }
  log('stopped')
}

async function main() {
  const command = positionals[0]
  if (command === 'register') return register()
  if (command === 'run') return run()
  if (command === 'verify') {
    const cfg = await loadConfig()
    const res = await call(cfg, 'POST', '/runners/verify', { token: cfg.token, system_id: cfg.systemId })
    log(res.status === 200 ? `runner ${cfg.id} is valid` : `runner ${cfg.id} is not valid (${res.status})`)
    process.exitCode = res.status === 200 ? 0 : 1
    return
  }
  if (command === 'unregister') {
    const cfg = await loadConfig()
    const res = await call(cfg, 'DELETE', '/runners', { token: cfg.token })
    if (res.status !== 204) throw new Error(`unregister failed: ${res.status}`)
    await rm(configPath, { force: true })
    log(`runner ${cfg.id} unregistered`)
    return
  }
  console.error('usage: runner <register|run|verify|unregister> [--url URL --token TOKEN] [--config FILE] [--once]')
  process.exitCode = 2
}

main().catch((e: unknown) => {
  console.error(`runner: ${(e as Error).message}`)
  process.exitCode = 1
})
