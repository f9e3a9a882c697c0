import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { resetConfig } from '../config'
import { listOutbox, outboxSize, writeOutbox } from './outbox'

/** Lets the test hold a file write half done: the first half is on disk until `finish` is called. */
const gate = vi.hoisted(() => ({ hold: false, finish: () => {} }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>()
  const writeFile: typeof real.writeFile = async (file, data, options) => {
    if (!gate.hold || typeof data !== 'string') return real.writeFile(file, data, options)
    const half = Math.floor(data.length / 2)
    await real.writeFile(file, data.slice(0, half), options)
    await new Promise<void>((resolve) => (gate.finish = resolve))
    await real.appendFile(file, data.slice(half))
  }
  return { ...real, default: { ...real, writeFile }, writeFile }
})

describe('outbox', () => {
  const saved = process.env.DATA_DIR
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'))
  beforeAll(() => {
    process.env.DATA_DIR = dir
    resetConfig()
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = saved
    resetConfig()
    rmSync(dir, { recursive: true, force: true })
  })

  // A listing beside a write once read a file the write had only begun (a matrix run failed on
  // "Unexpected end of JSON input"): a listing sees whole messages or none.
  it('never lists a message whose file is half written', async () => {
    await writeOutbox({ to: 'first@example.com', subject: 'one', text: 'whole' }, 'gl@example.com')
    gate.hold = true
    const writing = writeOutbox({ to: 'second@example.com', subject: 'two', text: 'y'.repeat(4096) }, 'gl@example.com')
    for (const deadline = Date.now() + 5000; readdirSync(path.join(dir, 'outbox')).length < 2;) {
      if (Date.now() > deadline) throw new Error('the held write never began')
      await new Promise((r) => setTimeout(r, 5))
    }
    const during = await listOutbox(0, 10)
    expect(during.items.map((m) => m.to)).toEqual(['first@example.com'])
    expect(during.total).toBe(1)
    gate.hold = false
    gate.finish()
    await writing
    const after = await listOutbox(0, 10)
    expect(after.items.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com'])
    expect(after.items[0]!.text).toHaveLength(4096)
    expect(await outboxSize()).toBe(2)
    expect(readdirSync(path.join(dir, 'outbox')).filter((f) => !f.endsWith('.json'))).toEqual([])
  })
})
