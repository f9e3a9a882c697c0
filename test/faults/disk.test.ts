// DATA_DIR on a small tmpfs (issue 34 §3, `npm run test:faults`, as root: it mounts): filled while
// the server runs, writes are answered 503 naming the full disk (never 500, never half-written) and
// reads go on; once space is freed the next write succeeds without a restart; SQLite's
// integrity_check is ok afterwards; a start on a full or read-only DATA_DIR exits with one line
// naming the directory and the errno.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port'
import { call, startRefused, startServer, type FaultServer } from './server'

let dir = ''
let server: FaultServer | undefined
const env = () => ({ DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, 'app.db')}`, WEB_CONCURRENCY: '2' })
const filler = () => path.join(dir, 'filler')
const report: string[] = []

/** Writes zeros until the device refuses (ENOSPC): the disk is full, whatever SQLite had taken. */
function fillDisk(): void {
  const chunk = Buffer.alloc(256 * 1024)
  for (let i = 0; ; i++) {
    try {
      writeFileSync(filler(), chunk, { flag: 'a' })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break
      throw e
    }
    if (i > 10_000) throw new Error('the tmpfs never filled')
  }
  // Small writes too, so not even a page is left.
  for (const size of [4096, 512, 1]) {
    try {
      for (let i = 0; i < 1000; i++) writeFileSync(filler(), Buffer.alloc(size), { flag: 'a' })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e
    }
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'faults-disk-'))
  // Needs root (CI and this machine run as root): a tmpfs of its own, so filling it harms nothing else.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir])
  server = await startServer({ ...env(), PORT: String(await freePort()) })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (report.length) console.log(`disk faults: ${report.join('; ')}`)
  try {
    execFileSync('umount', [dir])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

describe('a full DATA_DIR', () => {
  it('refuses writes with 503 naming the cause, keeps reading, and takes writes again once space is freed', async () => {
    const url = server!.url
    const first = await call(url, 'POST', '/groups', { name: 'Before', path: `before-${Date.now()}` })
    expect(first.status).toBe(201)
    const before = JSON.parse(first.body) as { id: number }

    fillDisk()
    // Writes big enough to need new pages; SQLite may still fit some into room it had taken.
    const attempts: { path: string; status: number; body: string; retryAfter: string | null }[] = []
    for (let i = 0; i < 40 && attempts.filter((a) => a.status === 503).length < 5; i++) {
      const p = `full-${i}-${Date.now()}`
      attempts.push({
        path: p,
        ...(await call(url, 'POST', '/groups', { name: p, path: p, description: 'x'.repeat(20_000) })),
      })
    }
    const refused = attempts.filter((a) => a.status === 503)
    expect(refused.length, JSON.stringify(attempts.map((a) => a.status))).toBeGreaterThanOrEqual(5)
    expect(attempts.filter((a) => a.status !== 503 && a.status !== 201)).toEqual([])
    for (const r of refused) {
      expect(JSON.parse(r.body)).toEqual({ message: '503 Service Unavailable - the database disk is full' })
      expect(r.retryAfter).toBe('5')
    }
    // Reads need no space.
    expect((await call(url, 'GET', `/groups/${before.id}`)).status).toBe(200)

    rmSync(filler())
    const freed = Date.now()
    let after = await call(url, 'POST', '/groups', { name: 'After', path: `after-${Date.now()}` })
    while (after.status !== 201 && Date.now() - freed < 10_000)
      after = await call(url, 'POST', '/groups', { name: 'After', path: `after-${Date.now()}` })
    expect(after.status).toBe(201)
    const recovery = (Date.now() - freed) / 1000

    // Every refused write left nothing; every accepted one is there.
    for (const a of attempts) {
      const found = await call(url, 'GET', `/groups/${a.path}`)
      expect(found.status, `${a.path} answered ${a.status}`).toBe(a.status === 201 ? 200 : 404)
    }
    report.push(
      `${refused.length} writes refused 503 while full (${attempts.length - refused.length} fitted, 0 × 500), reads 200, recovered ${recovery.toFixed(1)} s after freeing space, no restart`,
    )
  })

  it('leaves a database whose integrity check passes', async () => {
    await server!.stop()
    const db = new Database(path.join(dir, 'app.db'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    } finally {
      db.close()
    }
    report.push('integrity_check ok')
  })

  it('stops a start on a full or read-only DATA_DIR with one line naming it and the errno', async () => {
    fillDisk()
    const full = await startRefused(env())
    expect(full.code).toBe(1)
    expect(full.stderr.trim()).toBe(`Configuration: DATA_DIR ${dir}: no space left on device (ENOSPC)`)
    rmSync(filler())

    execFileSync('mount', ['-o', 'remount,ro', dir])
    try {
      const readOnly = await startRefused(env())
      expect(readOnly.code).toBe(1)
      expect(readOnly.stderr.trim()).toBe(`Configuration: DATA_DIR ${dir}: read-only file system (EROFS)`)
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', dir])
    }
    // Writable again: the same directory serves.
    server = await startServer({ ...env(), PORT: String(await freePort()) })
    expect((await call(server.url, 'POST', '/groups', { name: 'Back', path: `back-${Date.now()}` })).status).toBe(201)
    report.push('start-up refused with one line (ENOSPC, EROFS), then served once writable')
  }, 120_000)
})
