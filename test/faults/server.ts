// A real API server process for the fault tests, on a data directory and database of the test's
// own (a tmpfs, a private PostgreSQL cluster): test/fixtures/api-cluster.ts, as `npm start` runs it
// without the console.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

export const FAULT_TOKEN = 'glpat-fault-tests-root-0001'
const ROOT = path.join(import.meta.dirname, '..', '..')

export interface FaultServer {
  url: string
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

const baseEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  INITIAL_ROOT_TOKEN: FAULT_TOKEN,
  INITIAL_ROOT_PASSWORD: 'fault-tests-root-password',
  AUTH_SECRET: 'fault-tests-secret',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  ...env,
})

/** Starts the server and resolves once it listens (rejects with its output if it exits first). */
export async function startServer(env: Record<string, string> & { PORT: string }): Promise<FaultServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test', 'fixtures', 'api-cluster.ts')], {
    cwd: ROOT,
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d) => (out += String(d)))
  child.stderr.on('data', (d) => (out += String(d)))
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}) before it listened:\n${out}`))
    child.once('exit', onExit)
    const check = setInterval(() => {
      if (out.includes('Listening on')) {
        clearInterval(check)
        child.off('exit', onExit)
        resolve()
      }
    }, 20)
  })
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

/** Runs the server's own entry (lib/server/main.ts, bundled as dist/server.mjs) expecting it to refuse to start. */
export function startRefused(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'lib', 'server', 'main.ts')], {
    cwd: ROOT,
    env: baseEnv({ WEB_CONCURRENCY: '1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += String(d)))
  child.stderr.on('data', (d) => (stderr += String(d)))
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, stdout })
    }),
  )
}

/** One request; a connection error is a status of 0 (the tests count them apart from 5xx). */
export async function call(
  url: string,
  method: string,
  apiPath: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: string; retryAfter: string | null }> {
  try {
    const res = await fetch(`${url}/api/v4${apiPath}`, {
      method,
      headers: {
        'PRIVATE-TOKEN': FAULT_TOKEN,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
      signal: AbortSignal.timeout(15_000),
    })
    return { status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after') }
  } catch (e) {
    return { status: 0, body: String(e), retryAfter: null }
  }
}
