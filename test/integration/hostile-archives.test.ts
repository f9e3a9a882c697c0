// Issue 31 B, uploads and archives: hostile group import archives sent to POST /groups/import.
// Entries that climb out (`../`, `tree/../../`), absolute names, hardlinks (to /etc/passwd and to
// another entry) and truncated archives (the tar cut inside an entry's data, inside a header, the
// gzip stream cut) are each a 400 with the reason, create no group, and write nothing where the
// import task's extraction (mkdtemp(tmpdir()/group-import-*), lib/group-export/import.ts) would
// have put the escaping entry. The archives are written by hand (test/tar-archive.ts). The server runs in this process
// (test/setup/server.ts), so this process's resident memory is the server's: it is sampled while
// each archive is refused, and the peak growth is printed and bounded.
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { api, createUser, unique } from '../helpers'
import { GROUP_TREE, TAR_END, tarEntry as entry } from '../tar-archive'
import { serverUrl } from '../setup/server'

const MIB = 1024 * 1024
let refused = 0
let peakGrowthMiB = 0

afterAll(() => {
  console.log(`hostile archives: ${refused} archives refused, peak RSS growth ${peakGrowthMiB.toFixed(1)} MiB`)
})

const tarGz = (...entries: Buffer[]) => gzipSync(Buffer.concat([...GROUP_TREE, ...entries, TAR_END]))

/**
 * Uploads `archive` as a new user (group_import_limit counts uploads per user), sampling this
 * process's RSS every 10 ms meanwhile; expects a 400 whose message matches `reason` and no group.
 */
async function refusedUpload(archive: Uint8Array, reason: RegExp): Promise<void> {
  const { token } = await createUser()
  const path = unique('hostile-archive')
  const form = new FormData()
  form.append('name', 'Hostile')
  form.append('path', path)
  form.append('file', new Blob([new Uint8Array(archive)]), 'export.tar.gz')
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
  let res: Response
  try {
    res = await fetch(`${await serverUrl()}/api/v4/groups/import`, {
      method: 'POST',
      body: form,
      headers: { 'PRIVATE-TOKEN': token },
    })
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, process.memoryUsage.rss())
  const body = (await res.json()) as { message?: string }
  expect(res.status, JSON.stringify(body)).toBe(400)
  expect(body.message).toMatch(/^400 Bad request - /)
  expect(body.message).toMatch(reason)
  expect((await api('GET', `/groups/${path}`)).status).toBe(404)
  refused++
  const growth = (peak - before) / MIB
  peakGrowthMiB = Math.max(peakGrowthMiB, growth)
  // Streaming keeps it to a few MiB (the archive itself, zlib's window, tar's blocks); the bound
  // leaves room for the garbage collector's timing and the CI run beside this one.
  expect(growth).toBeLessThan(200)
}

describe('hostile group import archives', () => {
  it('refuses entries that climb out of the extraction folder, and writes nothing where they point', async () => {
    // The task extracts into tmpdir()/group-import-XXXXXX: `../x` and `tree/../../x` both land on tmpdir()/x.
    const climb = unique('escape')
    await refusedUpload(
      tarGz(entry(`../${climb}`, 'pwned')),
      new RegExp(`Invalid file: the archive contains a path outside it \\(\\.\\./${climb}\\)`),
    )
    const nested = unique('escape')
    await refusedUpload(
      tarGz(entry(`tree/../../${nested}`, 'pwned')),
      /Invalid file: the archive contains a path outside it \(tree\/\.\.\/\.\.\//,
    )
    expect(existsSync(join(tmpdir(), climb))).toBe(false)
    expect(existsSync(join(tmpdir(), nested))).toBe(false)
  })

  it('refuses an absolute entry name, and writes nothing at that path', async () => {
    const target = join(tmpdir(), unique('hostile-abs'), 'escape')
    await refusedUpload(tarGz(entry(target, 'pwned')), /Invalid file: the archive contains a path outside it \(\//)
    expect(existsSync(target)).toBe(false)
  })

  it('refuses hardlinks, to a file outside the archive and to another entry', async () => {
    await refusedUpload(
      tarGz(entry('tree/groups/1/members.ndjson', '', { type: '1', linkname: '/etc/passwd' })),
      /Invalid file: the archive contains a link \(tree\/groups\/1\/members\.ndjson\)/,
    )
    await refusedUpload(
      tarGz(entry('tree/groups/2.json', '', { type: '1', linkname: 'tree/groups/1.json' })),
      /Invalid file: the archive contains a link/,
    )
  })

  it('refuses truncated archives: the tar cut inside an entry, inside a header, and the gzip stream cut', async () => {
    // 64 MiB of zeros (64 KiB gzipped) cut after 48 MiB of it: the largest case, inflated as it streams.
    const big = Buffer.concat([...GROUP_TREE, entry('filler.bin', Buffer.alloc(64 * MIB))])
    await refusedUpload(gzipSync(big.subarray(0, big.length - 16 * MIB)), /Invalid file: .*[Tt]runcated/)
    // Cut 100 bytes into the header of the entry after the tree: whole blocks before it, a partial one after.
    const tree = Buffer.concat(GROUP_TREE)
    await refusedUpload(
      gzipSync(Buffer.concat([tree, entry('tree/groups/1/members.ndjson', '{}\n')]).subarray(0, tree.length + 100)),
      /Invalid file: .*[Tt]runcated/,
    )
    // A whole .tar.gz cut halfway: zlib ends before the gzip trailer.
    const whole = tarGz(entry('tree/groups/1/members.ndjson', '{}\n'))
    await refusedUpload(whole.subarray(0, Math.floor(whole.length / 2)), /Invalid file: unexpected end of file/)
  })
})
