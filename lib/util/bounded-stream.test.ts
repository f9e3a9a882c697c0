// The stream ceilings used for foreign bytes: records split across chunks, a line past its cap,
// a byte counter that fails at its limit and keeps the reason.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { byteLimit, jsonDocument, LimitError, ndjsonRecords } from './bounded-stream'

async function all(source: AsyncIterable<Buffer | string>, maxLine: number) {
  const out: unknown[] = []
  for await (const r of ndjsonRecords(source, maxLine)) out.push(r)
  return out
}

describe('bounded streams', () => {
  it('reads NDJSON records split anywhere across chunks, skipping blank lines', async () => {
    const chunks = ['{"a":', '1}\n\n{"b"', ':2}\n', '{"c":3}']
    expect(await all(Readable.from(chunks), 100)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }])
  })

  it('refuses a record longer than its cap, with or without its line end, and broken JSON', async () => {
    await expect(all(Readable.from(['{"a":"', 'x'.repeat(50), '"}\n']), 20)).rejects.toThrow(
      'A record is larger than 20 bytes',
    )
    await expect(all(Readable.from(['x'.repeat(15), 'x'.repeat(15)]), 20)).rejects.toThrow(
      'A record is larger than 20 bytes',
    )
    await expect(all(Readable.from(['{nope}\n']), 100)).rejects.toThrow('Incorrect JSON format')
    await expect(jsonDocument(Readable.from(['{"a":', '"long"}']), 5)).rejects.toBeInstanceOf(LimitError)
    expect(await jsonDocument(Readable.from(['{"a":', '1}']), 50)).toEqual({ a: 1 })
  })

  it('counts bytes through and fails past the limit, keeping the reason on the stream', async () => {
    const limit = byteLimit(10, (n) => `${n} > 10`)
    const sink: Buffer[] = []
    await expect(
      pipeline(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), limit, async (src: AsyncIterable<Buffer>) => {
        for await (const c of src) sink.push(c)
      }),
    ).rejects.toThrow('12 > 10')
    expect(limit.error?.message).toBe('12 > 10')
    expect(Buffer.concat(sink).length).toBeLessThanOrEqual(10)
  })
})
