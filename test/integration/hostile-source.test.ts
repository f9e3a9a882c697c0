// Issue 31 A3: a hostile source instance during direct transfer. A fake GitLab on loopback answers
// the migration's calls as GitLab does, then serves its relation file as a gzip bomb (1 GiB of
// zeros in about 1 MiB), or as a file past bulk_import_max_download_file_size. The migration fails
// that relation with a reason, the process keeps serving (event-loop delay and resident memory
// are measured while it runs), and the rest of the migration finishes. Issue 31 B: a truncated
// gzip and a record past the 50 MB per-record cap fail the relation the same way. Relation files
// are inflated and parsed in memory as they stream: direct transfer writes no file for them.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { currentSettings, holdSettings } from '../../lib/settings/service'
import { MAX_JSON_DOCUMENT_SIZE } from '../../lib/util/bounded-stream'
import { api, createGroup, unique, until } from '../helpers'

const MIB = 1024 * 1024
// Concatenated gzip members inflate one after another: 1024 copies of 1 MiB of zeros.
const member = gzipSync(Buffer.alloc(MIB))
const BOMB = Buffer.concat(new Array<Buffer>(1024).fill(member))
// One long record of random hex (about half its size once gzipped): 3 MiB on the wire against a
// 1 MiB download limit, with no line end before the limit is reached.
const LARGE = gzipSync(`${JSON.stringify({ access_level: 30, note: randomBytes(3 * MIB).toString('hex') })}\n`)

let server: Server
let source = ''
let served: Buffer = BOMB
let dest: { full_path: string }
let base: Awaited<ReturnType<typeof currentSettings>>

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://source')
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/api/v4/version') {
      json({ version: '17.0.0' })
      return
    }
    if (url.pathname === '/api/v4/personal_access_tokens/self') {
      json({ scopes: ['api'] })
      return
    }
    if (url.pathname === '/api/graphql') {
      json({
        data: {
          group: { name: 'Hostile', path: 'hostile', full_path: 'hostile', description: '', visibility: 'private' },
        },
      })
      return
    }
    if (url.pathname.endsWith('/export_relations') && req.method === 'POST') {
      json({ message: '202 Accepted' }, 202)
      return
    }
    if (url.pathname.endsWith('/export_relations/status')) {
      json([{ relation: 'members', status: 1 }])
      return
    }
    if (url.pathname.endsWith('/export_relations/download')) {
      res.writeHead(200, { 'Content-Type': 'application/gzip' })
      res.end(served)
      return
    }
    if (url.pathname.endsWith('/subgroups')) {
      json([])
      return
    }
    if (url.pathname.startsWith('/api/v4/groups/')) {
      json({ id: 1, full_path: 'hostile' })
      return
    }
    json({ message: '404 Not found' }, 404)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  source = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dest = await createGroup()
  base = await currentSettings()
  startQueueWorker({ pollMs: 50 })
})

afterAll(async () => {
  await stopQueueWorker(2000)
  holdSettings(undefined)
  await new Promise<void>((ok) => server.close(() => ok()))
})

/** Runs one migration of the hostile group under `settings` (held in this process), measuring the process meanwhile. */
async function migrate(settings: Record<string, unknown>) {
  holdSettings(
    { ...base, bulk_importing_enabled: true, allow_local_requests_from_web_hooks_and_services: true, ...settings },
    600_000,
  )
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const rssBefore = process.memoryUsage.rss()
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20)
  delay.enable()
  try {
    const slug = unique('hostile')
    const started = await api('POST', '/bulk_imports', {
      json: {
        configuration: { url: source, access_token: 'glpat-hostile' },
        entities: [
          {
            source_type: 'group_entity',
            source_full_path: 'hostile',
            destination_slug: slug,
            destination_namespace: dest.full_path,
            migrate_projects: false,
          },
        ],
      },
    })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const done = await until(
      'migration done',
      async () => (await api('GET', `/bulk_imports/${started.body.id}`)).body,
      (m) => ['finished', 'failed'].includes(m.status),
      60_000,
    )
    const [entity] = (await api('GET', `/bulk_imports/${started.body.id}/entities`)).body as {
      status: string
      failures: { relation: string; exception_message: string }[]
    }[]
    return { done, entity: entity!, maxDelayMs: delay.max / 1e6, rssGrowthMiB: (rssPeak - rssBefore) / MIB }
  } finally {
    delay.disable()
    clearInterval(sampler)
  }
}

describe('direct transfer from a hostile source', () => {
  it(
    'reads a well-formed relation file as it streams (and warms the process up for the measures below)',
    { timeout: 90_000 },
    async () => {
      served = gzipSync(
        `${JSON.stringify({ access_level: 30, user: { username: unique('nobody') } })}\n\n${JSON.stringify({ access_level: 40, user: {} })}\n`,
      )
      const run = await migrate({})
      console.log(
        `well-formed file: max event-loop delay ${run.maxDelayMs.toFixed(0)} ms, peak RSS growth ${run.rssGrowthMiB.toFixed(0)} MiB`,
      )
      expect(run.entity.status).toBe('finished')
      expect(run.entity.failures).toEqual([])
      // A file that is not gzip fails the relation: the failure path is warmed up too.
      served = Buffer.from('not gzip')
      const broken = await migrate({})
      expect(broken.entity.failures).toEqual([
        expect.objectContaining({
          relation: 'members',
          exception_message: expect.stringMatching(/^Relation members: /),
        }),
      ])
    },
  )

  it(
    'stops a gzip bomb at max_decompressed_archive_size, fails the relation with a reason and keeps the process responsive',
    { timeout: 90_000 },
    async () => {
      served = BOMB
      const run = await migrate({ max_decompressed_archive_size: 1 })
      console.log(
        `gzip bomb (${(BOMB.length / MIB).toFixed(1)} MiB → 1 GiB): max event-loop delay ${run.maxDelayMs.toFixed(0)} ms, peak RSS growth ${run.rssGrowthMiB.toFixed(0)} MiB`,
      )
      expect(run.entity.status).toBe('finished') // the group itself was made; the relation failed
      expect(run.entity.failures).toEqual([
        expect.objectContaining({
          relation: 'members',
          exception_message: expect.stringMatching(/decompressed size exceeds limit of 1 MB/),
        }),
      ])
      expect(run.done.has_failures).toBe(true)
      // Measured ~55 ms here once the code paths are warm (the first test); gunzipSync of this bomb
      // blocked the process for seconds (the test's own requests were reset). The bound leaves room for load.
      expect(run.maxDelayMs).toBeLessThan(500)
      expect(run.rssGrowthMiB).toBeLessThan(200)
    },
  )

  it('stops a download at bulk_import_max_download_file_size', { timeout: 90_000 }, async () => {
    served = LARGE
    const run = await migrate({ bulk_import_max_download_file_size: 1 })
    expect(run.entity.failures).toEqual([
      expect.objectContaining({
        relation: 'members',
        exception_message: expect.stringMatching(/File size .* exceeds limit of 1 MB/),
      }),
    ])
  })

  it(
    'fails the relation with a reason on a truncated gzip, and the migration finishes',
    { timeout: 90_000 },
    async () => {
      const whole = gzipSync(
        `${JSON.stringify({ access_level: 30, user: { username: unique('nobody') } })}\n`.repeat(200),
      )
      served = whole.subarray(0, Math.floor(whole.length / 2))
      const run = await migrate({})
      expect(run.entity.status).toBe('finished')
      expect(run.entity.failures).toEqual([
        expect.objectContaining({ relation: 'members', exception_message: 'Relation members: unexpected end of file' }),
      ])
      expect(run.done.has_failures).toBe(true)
    },
  )

  it('stops a record past the 50 MB per-record cap while it streams', { timeout: 90_000 }, async () => {
    // One line of 50 MiB and a bit, about 50 KiB gzipped, with no line end before the cap: gzip
    // members of 1 MiB each, so that this process (the server's too) never holds the line itself
    // and the RSS growth measured is the server's reading of it.
    const mib = gzipSync(Buffer.alloc(MIB, 'a'))
    served = Buffer.concat([
      gzipSync('{"access_level":30,"note":"'),
      ...new Array<Buffer>(MAX_JSON_DOCUMENT_SIZE / MIB).fill(mib),
      gzipSync('aaaa"}\n'),
    ])
    const run = await migrate({})
    console.log(
      `record past the cap (${(served.length / 1024).toFixed(0)} KiB → 50 MiB): peak RSS growth ${run.rssGrowthMiB.toFixed(0)} MiB`,
    )
    expect(run.entity.status).toBe('finished')
    expect(run.entity.failures).toEqual([
      expect.objectContaining({
        relation: 'members',
        exception_message: `Relation members: A record is larger than ${MAX_JSON_DOCUMENT_SIZE} bytes`,
      }),
    ])
    // The cap's own 50 MiB are held while the line is read (GitLab's NdjsonReader holds as much); nothing past it.
    expect(run.rssGrowthMiB).toBeLessThan(200)
  })
})
