// A real server process (the api-cluster fixture: API, queue worker and schedule worker in one
// process) on the test database that SIGKILLs itself at the crash points TEST_CRASH_AT names
// (lib/runtime/crash-point.ts): the kill -9 tests of every job kind start one per attempt. Its queue
// worker takes a dead worker's task back quickly (QUEUE_ABANDON_AFTER_MS: 4 s, as 1.5 s let a live
// worker's stalled heartbeat on a loaded machine look dead), its scheduler ticks fast.
import type { ChildProcess } from 'node:child_process'
import { getDb } from '../lib/db'
import { spawnApiCluster } from './api-cluster'
import { freePort } from './free-port'
import { untilListening } from './listening'

export interface CrashServer {
  child: ChildProcess
  url: string
  exited: Promise<NodeJS.Signals | number | null>
  /** What it printed (warnings and errors), for the failure messages. */
  output: () => string
}

const running: ChildProcess[] = []

export async function crashServer(crashAt: string, env: Record<string, string> = {}): Promise<CrashServer> {
  const port = await freePort()
  const child = spawnApiCluster(port, {
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
    QUEUE_POLL_MS: '50',
    QUEUE_HEARTBEAT_MS: '200',
    QUEUE_ABANDON_AFTER_MS: '4000',
    QUEUE_BACKOFF_MS: '0',
    SCHEDULER_INTERVAL_MS: '100',
    TEST_CRASH_AT: crashAt,
    ...env,
  })
  running.push(child)
  const exited = new Promise<NodeJS.Signals | number | null>((r) =>
    child.once('exit', (code, signal) => r(signal ?? code)),
  )
  let out = ''
  child.stdout.on('data', (d) => (out = (out + String(d)).slice(-20_000)))
  child.stderr.on('data', (d) => (out = (out + String(d)).slice(-20_000)))
  await untilListening(child, `on port ${port}`)
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => out }
}

/** Resolves once the process killed itself at its crash point; fails after `ms` otherwise. */
export async function killedItself(s: CrashServer, ms = 120_000): Promise<void> {
  const how = await Promise.race([
    s.exited,
    new Promise((r) => setTimeout(() => r(`still running after ${ms} ms`), ms).unref()),
  ])
  if (how === 'SIGKILL') return
  // What the queue held, to tell a task never claimed from one that never reached its point.
  const tasks = await (
    await getDb()
  ).queuedTask.findMany({
    where: { status: { in: ['pending', 'running'] } },
    select: { id: true, kind: true, status: true, attempts: true, runAt: true, heartbeatAt: true, lockedBy: true },
  })
  throw new Error(
    `expected the server to kill itself at its crash point, got ${String(how)}:\n${s.output().slice(-5000)}\nqueued: ${JSON.stringify(tasks)}`,
  )
}

/** Stops every server this file started (SIGKILL: nothing of theirs is under test any more). */
export async function stopCrashServers(): Promise<void> {
  for (const c of running.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL')
      await new Promise((r) => c.once('exit', r))
    }
  }
}
