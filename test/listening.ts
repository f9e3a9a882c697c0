// A server process started by a test is ready once it prints its "Listening on" line; if it exits
// first, the test fails with everything it printed.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process'
import path from 'node:path'
import type { Readable } from 'node:stream'

export function untilListening(child: ChildProcessByStdio<null, Readable, Readable>, label: string): Promise<void> {
  let out = ''
  return new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d)
      if (out.includes('Listening on')) resolve()
    })
    child.stderr.on('data', (d) => (out += String(d)))
    child.once('exit', (code, signal) =>
      reject(new Error(`server ${label} exited (${signal ?? code}) before it listened:\n${out}`)),
    )
  })
}

/**
 * The api-cluster fixture (`npm start`'s process model without the console) on the test database,
 * with `env` over the test run's: resolves once it listens, with what it printed so far.
 */
export async function startApiCluster(
  env: Record<string, string>,
): Promise<{ child: ChildProcessByStdio<null, Readable, Readable>; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'api-cluster.ts')],
    {
      env: { ...process.env, LOG_LEVEL: 'fatal', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout.on('data', (d) => (out = (out + String(d)).slice(-20_000)))
  child.stderr.on('data', (d) => (out = (out + String(d)).slice(-20_000)))
  await untilListening(child, `cluster on port ${env.PORT ?? '?'}`)
  return { child, output: () => out }
}

/** SIGTERM, then the exit (nothing to do for a process that already ended). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}
