// The group import task's extraction (issue 31 A4): bounded by max_decompressed_archive_size while
// it writes, so a bomb leaves at most the limit in the temp folder and nothing outside it; the
// limits default to GitLab's (0 for max_import_size does not turn the decompressed check off).
// Hostile entries (`..`, absolute names, hardlinks, a cut archive) are refused by the request's
// check first (test/integration/hostile-archives.test.ts); the task's own extractor holds without it.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { create as createTar, Unpack } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS } from '../settings/definitions'
import { holdSettings } from '../settings/service'
import { GROUP_TREE, TAR_END, tarEntry } from '../../test/tar-archive'
import { ArchiveError, archiveLimits, readArchive, unpackInto } from './extract'

const MIB = 1024 * 1024
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'extract-test-'))
})
afterAll(async () => {
  holdSettings(undefined)
  await rm(dir, { recursive: true, force: true })
})

async function tarGz(name: string, files: Record<string, Buffer | string>): Promise<Uint8Array> {
  const root = join(dir, `${name}-src`)
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), content)
  }
  const file = join(dir, `${name}.tar.gz`)
  await createTar({ gzip: true, file, cwd: root }, Object.keys(files))
  return new Uint8Array(await readFile(file))
}

async function bytesUnder(root: string): Promise<number> {
  let total = 0
  for (const e of await readdir(root, { withFileTypes: true, recursive: true }))
    if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size
  return total
}

describe('archive extraction limits', () => {
  it("uses GitLab's defaults: no upload limit, 25600 MiB decompressed, 210 s", async () => {
    const defaults = Object.fromEntries(SETTINGS.map((s) => [s.key, s.default]))
    holdSettings({ ...defaults, id: 1, created_at: '', updated_at: '' })
    expect(await archiveLimits()).toEqual({ maxImportBytes: 0, maxDecompressedBytes: 25600 * MIB, timeoutMs: 210_000 })
  })

  it('stops writing at max_decompressed_archive_size: at most the limit reaches the temp folder', async () => {
    const bomb = await tarGz('bomb', {
      'tree/groups/_all.ndjson': '1\n',
      'a.bin': Buffer.alloc(4 * MIB),
      'b.bin': Buffer.alloc(4 * MIB),
    })
    const out = join(dir, 'bomb-out')
    await mkdir(out)
    const err = await readArchive(bomb, new Unpack({ cwd: out, strict: true }), {
      maxImportBytes: 0,
      maxDecompressedBytes: MIB,
      timeoutMs: 0,
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ArchiveError)
    expect((err as Error).message).toBe(
      'Decompressed archive size limit reached (max_decompressed_archive_size: 1 MiB)',
    )
    expect(await bytesUnder(out)).toBeLessThanOrEqual(MIB)
  })

  it('extracts an archive within the limits', async () => {
    const ok = await tarGz('ok', { 'tree/groups/_all.ndjson': '1\n', 'tree/groups/1.json': '{"id":1}' })
    const out = join(dir, 'ok-out')
    await mkdir(out)
    await readArchive(ok, new Unpack({ cwd: out, strict: true }), {
      maxImportBytes: MIB,
      maxDecompressedBytes: MIB,
      timeoutMs: 10_000,
    })
    expect(await readFile(join(out, 'tree/groups/1.json'), 'utf8')).toBe('{"id":1}')
  })

  it('refuses what is not a tar.gz, and an upload past max_import_size, before inflating anything', async () => {
    const limits = { maxImportBytes: 10, maxDecompressedBytes: 0, timeoutMs: 0 }
    await expect(
      readArchive(new TextEncoder().encode('plain'), new Unpack({ cwd: dir }), { ...limits, maxImportBytes: 0 }),
    ).rejects.toThrow('Invalid file: not a tar.gz archive')
    await expect(readArchive(await tarGz('small', { x: 'y' }), new Unpack({ cwd: dir }), limits)).rejects.toThrow(
      'The archive is larger than the maximum import size',
    )
  })

  describe("the import task's extractor, without the request's check", () => {
    const limits = { maxImportBytes: 0, maxDecompressedBytes: MIB, timeoutMs: 10_000 }
    /** Extracts `entries` after a valid tree into a fresh folder one level below its own parent, as mkdtemp(tmpdir()/…) is. */
    async function extract(name: string, entries: Buffer[], end = TAR_END) {
      const parent = join(dir, name)
      const out = join(parent, 'out')
      await mkdir(out, { recursive: true })
      const result = await readArchive(
        gzipSync(Buffer.concat([...GROUP_TREE, ...entries, end])),
        await unpackInto(out),
        limits,
      ).catch((e: unknown) => e)
      return { parent, out, result }
    }

    it('fails on `..` names and writes nothing beside its folder', async () => {
      for (const [i, name] of ['../escape', 'tree/../../escape'].entries()) {
        const { parent, result } = await extract(`climb-${i}`, [tarEntry(name, 'pwned')])
        expect(result).toBeInstanceOf(ArchiveError)
        expect((result as Error).message).toMatch(/path contains '\.\.'/)
        expect(existsSync(join(parent, 'escape'))).toBe(false)
      }
    })

    it('fails on an absolute name and writes nothing at that path', async () => {
      const target = join(dir, 'absolute-target', 'escape')
      const { result } = await extract('absolute', [tarEntry(target, 'pwned')])
      expect(result).toBeInstanceOf(ArchiveError)
      expect((result as Error).message).toMatch(/absolute path/)
      expect(existsSync(target)).toBe(false)
    })

    it('skips hardlinks: no link to /etc/passwd nor to another entry is made', async () => {
      const { out, result } = await extract('hardlinks', [
        tarEntry('tree/groups/1/members.ndjson', '', { type: '1', linkname: '/etc/passwd' }),
        tarEntry('tree/groups/2.json', '', { type: '1', linkname: 'tree/groups/1.json' }),
      ])
      expect(result).toBeUndefined()
      expect(existsSync(join(out, 'tree/groups/1.json'))).toBe(true) // the tree itself was written
      expect(existsSync(join(out, 'tree/groups/1/members.ndjson'))).toBe(false)
      expect(existsSync(join(out, 'tree/groups/2.json'))).toBe(false)
    })

    it('fails on an archive cut inside a header, which tar alone reads as a shorter valid one', async () => {
      const { result } = await extract(
        'cut-header',
        [tarEntry('tree/groups/1/members.ndjson', '{}\n').subarray(0, 100)],
        Buffer.alloc(0),
      )
      expect(result).toBeInstanceOf(ArchiveError)
      expect((result as Error).message).toBe(
        `Invalid file: the archive is truncated (${Buffer.concat(GROUP_TREE).length + 100} bytes, not whole 512-byte tar blocks)`,
      )
    })
  })
})
