// The durable queue with real worker processes on the test database (SQLite file, or PostgreSQL in
// the second pass): two processes never run the same task; a task whose process is killed with -9
// is released and finished once by another, from its checkpoint; concurrency keys serialise;
// failures retry with backoff; cancel stops a running task at its next checkpoint.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import '../fixtures/queue-tasks'
import { getDb } from '../../lib/db'
import { cancelTask, enqueue } from '../../lib/queue/store'
import { api, createUser, until } from '../helpers'
import { must } from '../../lib/util/defined'

const children: ChildProcess[] = []

function worker(name: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  // node itself (not the tsx wrapper), so SIGKILL hits the process that holds the task.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '..', 'fixtures', 'queue-worker.ts')],
    {
      env: { ...process.env, WORKER_NAME: name, QUEUE_BACKOFF_MS: '100', LOG_LEVEL: 'fatal', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d)
      if (out.includes('worker ready')) resolve(child)
    })
    child.stderr.on('data', (d) => (out += String(d)))
    child.on('exit', (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready:\n${out}`)))
  })
}

afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL')
      await new Promise((r) => c.once('exit', r))
    }
  }
})

const marks = async (prefix: string) => (await getDb()).systemValue.findMany({ where: { key: { startsWith: prefix } } })
const statuses = async (ids: number[]) =>
  (await getDb()).queuedTask.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })
const statusOf = async (id: number) => (await getDb()).queuedTask.findUniqueOrThrow({ where: { id } })

describe('durable queue', () => {
  it('runs each task exactly once with two worker processes on one database', async () => {
    // Both workers first: started after the tasks, the quicker one could drain all 40 alone on a slow machine.
    await Promise.all([worker('a'), worker('b')])
    const tasks = await Promise.all(Array.from({ length: 40 }, () => enqueue('test.record', { ms: 40 })))
    const ids = tasks.map((t) => t.id)
    await until(
      'all tasks succeeded',
      () => statuses(ids),
      (rows) => rows.every((t) => t.status === 'succeeded'),
    )
    const runs = (await Promise.all(ids.map((id) => marks(`queue-run:${id}:`)))).map((r) => r)
    expect(runs.map((r) => r.length)).toEqual(ids.map(() => 1))
    const byWorker = new Set(runs.flat().map((r) => r.value))
    expect([...byWorker].sort()).toEqual(['a', 'b'])
    expect((await statuses(ids)).every((t) => t.attempts === 1 && t.finishedAt !== null)).toBe(true)
  })

  it('finishes a task once after its process is killed with -9, resuming from its checkpoint', async () => {
    const task = await enqueue('test.steps', { steps: 6, stepMs: 250 })
    const first = await worker('first')
    const atKill = await until(
      'two steps checkpointed',
      () => statusOf(task.id),
      (t) => Number(JSON.parse(t.progress).done ?? 0) >= 2,
    )
    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r))
    const checkpointed = Number(JSON.parse(atKill.progress).done)
    await worker('second')
    const done = await until(
      'task succeeded',
      () => statusOf(task.id),
      (t) => t.status === 'succeeded',
    )
    expect(done.attempts).toBe(2)
    expect(JSON.parse(done.progress)).toEqual({ done: 6, total: 6 })
    expect(JSON.parse(done.result!)).toEqual({ steps: 6 })
    expect(await marks(`queue-done:${task.id}`)).toHaveLength(1)
    // Checkpointed steps are not run again; every step ran at least once.
    for (let i = 1; i <= 6; i++) {
      const ran = await marks(`queue-step:${task.id}:${i}:`)
      if (i <= checkpointed) expect(ran, `step ${i}`).toHaveLength(1)
      else expect(ran.length, `step ${i}`).toBeGreaterThanOrEqual(1)
    }
  })

  it('never runs two tasks with one concurrency key at once', async () => {
    const tasks = await Promise.all([1, 2, 3].map(() => enqueue('test.keyed', { key: 'same' })))
    await worker('k', { QUEUE_CONCURRENCY: '4' })
    await until(
      'keyed tasks succeeded',
      () => statuses(tasks.map((t) => t.id)),
      (rows) => rows.every((t) => t.status === 'succeeded'),
    )
    const spans = (await Promise.all(tasks.map((t) => marks(`queue-span:${t.id}`))))
      .map(([m]) => must(m, 'span mark').value.split('-').map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0])
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1])
    expect(await (await getDb()).queueLock.count({ where: { key: 'test:same' } })).toBe(0)
  })

  it('retries a failed task after a backoff and cancels a running one at its next checkpoint', async () => {
    const flaky = await enqueue('test.flaky', {})
    const long = await enqueue('test.steps', { steps: 40, stepMs: 100 })
    await worker('r')
    const retried = await until(
      'flaky task succeeded',
      () => statusOf(flaky.id),
      (t) => t.status === 'succeeded',
    )
    expect(retried).toMatchObject({ attempts: 2, lastError: null })
    await until(
      'long task running',
      () => statusOf(long.id),
      (t) => Number(JSON.parse(t.progress).done ?? 0) >= 1,
    )
    expect((await cancelTask(long.id))?.status).toBe('canceled')
    const before = (await marks(`queue-step:${long.id}:`)).length
    await new Promise((r) => setTimeout(r, 600))
    // At most the step in flight when it was canceled ran after that.
    expect((await marks(`queue-step:${long.id}:`)).length).toBeLessThanOrEqual(before + 1)
    expect(await marks(`queue-done:${long.id}`)).toHaveLength(0)
    expect((await statusOf(long.id)).status).toBe('canceled')
  })

  it('lists tasks with their progress for administrators and cancels pending ones', async () => {
    const task = await enqueue('test.steps', { steps: 3, stepMs: 10 }, { runAt: new Date(Date.now() + 3600_000) })
    const list = await api('GET', '/admin/queue/tasks', { query: { status: 'pending', kind: 'test.steps' } })
    expect(list.status).toBe(200)
    expect(list.body[0]).toMatchObject({
      id: task.id,
      kind: 'test.steps',
      status: 'pending',
      attempts: 0,
      max_attempts: 3,
      progress: {},
    })
    expect(list.headers.get('x-total')).toBeTruthy()
    const user = await createUser()
    expect((await api('GET', '/admin/queue/tasks', { token: user.token })).status).toBe(403)
    expect((await api('GET', '/admin/queue/tasks', { query: { status: 'bogus' } })).body).toEqual({
      error: 'status does not have a valid value',
    })
    const canceled = await api('POST', `/admin/queue/tasks/${task.id}/cancel`)
    expect(canceled.status).toBe(201)
    expect(canceled.body.status).toBe('canceled')
    expect((await api('POST', '/admin/queue/tasks/999999/cancel')).status).toBe(404)
  })
})
