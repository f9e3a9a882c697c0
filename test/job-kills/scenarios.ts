// The kill -9 scenarios of every job kind (issue 34 §3): each sets its work up through the API of
// the test's own server, lets a real server process (test/crash-server.ts) run it and SIGKILL
// itself at the named crash points, starts one without crash points, and checks what the job left:
// one pipeline per due time, one complete archive, each exported relation once, each imported
// object once, the deleted tags exactly the preview, the registry's manifest DELETE sent once.
// test/integration-serial/job-kills.test.ts runs one kill per kind, test/faults/jobs/ all points.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { expect } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, ROOT_TOKEN, unique, until, writeCiConfig } from '../helpers'
import { serverUrl } from '../setup/server'
import { crashServer, killedItself } from '../crash-server'
import { push } from '../registry/api'

export interface KillReport {
  kind: string
  points: string[]
  kills: number
  duplicates: number
  halfWritten: number
  lost: number
}

const db = () => getDb()

/** Starts servers until every crash point fired (one kill each), then one that finishes the work. */
async function runThrough(points: string[], env: Record<string, string> = {}): Promise<number> {
  const crashAt = points.join(',')
  let kills = 0
  for (const _ of points) {
    await killedItself(await crashServer(crashAt, env))
    kills++
  }
  await crashServer(crashAt, env)
  return kills
}

const taskOf = async (kind: string, concurrencyKey: string) =>
  (await db()).queuedTask.findMany({ where: { kind, concurrencyKey }, orderBy: { id: 'asc' } })
const settled = async (kind: string, key: string) => {
  try {
    return await until(
      `${kind} task settled`,
      () => taskOf(kind, key),
      (ts) => ts.length > 0 && ts.every((t) => t.status !== 'running' && t.status !== 'pending'),
      60_000,
    )
  } catch (e) {
    const all = await (
      await db()
    ).queuedTask.findMany({
      select: { id: true, kind: true, status: true, attempts: true, lastError: true, runAt: true },
    })
    throw new Error(`${String(e)}\nall tasks: ${JSON.stringify(all)}`, { cause: e })
  }
}

/**
 * Succeeded after at least one attempt per kill. More is allowed: a worker whose heartbeat stalls
 * past the abandon time (a loaded machine compiling a lazily imported module) has its own task
 * taken back, which costs an attempt but, as the duplicate checks show, never a second effect.
 */
function expectRetried(task: { status: string; attempts: number } | undefined, kills: number) {
  expect(task?.status).toBe('succeeded')
  expect(task!.attempts).toBeGreaterThanOrEqual(kills + 1)
}

/** Queue crash points chain by attempt: the first point on attempt 1, the next on attempt 2… */
export const chained = (points: string[]) => points.map((p, i) => `${p}@${i + 1}`)

/**
 * Schedule firing: the transaction that claims the due time and creates its pipeline, killed before
 * or after its commit; then the schedule worker runs again (here, in the test's process: it only
 * needs the database) and fires what is still due.
 */
export async function scheduleFiring(where: 'before-commit' | 'after-commit'): Promise<KillReport> {
  const project = (await api('POST', '/projects', { json: { name: unique('kill-sch'), initialize_with_readme: true } }))
    .body.id as number
  await writeCiConfig(project, 'build:\n  script: echo hello\n')
  const s = (
    await api('POST', `/projects/${project}/pipeline_schedules`, {
      json: { description: 'nightly', ref: 'main', cron: '0 3 * * *' },
    })
  ).body as { id: number }
  const due = new Date(Date.now() - 60_000)
  await (await db()).pipelineSchedule.update({ where: { id: s.id }, data: { nextRunAt: due } })
  const pipelines = () => db().then((d) => d.pipeline.findMany({ where: { scheduleId: s.id } }))
  const point = `pipeline_schedule:${s.id}:${where}@1`
  await killedItself(await crashServer(point))
  // Before the commit nothing of the firing stays; after it, the pipeline and the moved due time.
  const afterKill = await pipelines()
  const half = afterKill.length !== (where === 'before-commit' ? 0 : 1) ? 1 : 0
  const { runDueSchedules } = await import('../../lib/pipeline-schedules/firer')
  await runDueSchedules()
  const final = await pipelines()
  const schedule = await (await db()).pipelineSchedule.findUniqueOrThrow({ where: { id: s.id } })
  expect(final.map((p) => p.source)).toEqual(['schedule'])
  expect(schedule.nextRunAt.getTime()).toBeGreaterThan(Date.now())
  return {
    kind: 'pipeline_schedule',
    points: [point],
    kills: 1,
    duplicates: Math.max(0, final.length - 1),
    halfWritten: half,
    lost: final.length === 0 ? 1 : 0,
  }
}

/** Group export: killed after claiming, mid-tree, before done. */
export async function groupExport(points: string[]): Promise<KillReport> {
  const group = await createGroup({ prefix: 'kill-exp' })
  const subs = [
    await createGroup({ parent: group.id, prefix: 'a' }),
    await createGroup({ parent: group.id, prefix: 'b' }),
  ]
  expect((await api('POST', `/groups/${group.id}/export`)).status).toBe(202)
  const crashAt = chained(points)
  let kills = 0
  let half = 0
  for (const _ of crashAt) {
    await killedItself(await crashServer(crashAt.join(',')))
    kills++
    // Between the kills the archive is never half there: started without data, or finished whole.
    const row = await (await db()).groupExportArchive.findUniqueOrThrow({ where: { groupId: group.id } })
    if (row.status !== 'started' || row.data !== null) if (row.status !== 'finished') half++
  }
  await crashServer(crashAt.join(','))
  const [task, ...more] = await settled('group_export', `group_export:${group.id}`)
  expectRetried(task, kills)
  const row = await (await db()).groupExportArchive.findUniqueOrThrow({ where: { groupId: group.id } })
  expect(row.status).toBe('finished')
  const { list } = await import('tar')
  const names: string[] = []
  const { Readable } = await import('node:stream')
  await new Promise<void>((resolve, reject) => {
    const parser = list({ onReadEntry: (e) => names.push(e.path) })
    parser.on('end', resolve).on('error', reject)
    Readable.from([Buffer.from(row.data!)]).pipe(parser)
  })
  for (const g of [group, ...subs])
    expect(names.map((n) => n.replace(/^\.\//, ''))).toContain(`tree/groups/${g.id}.json`)
  return { kind: 'group_export', points: crashAt, kills, duplicates: more.length, halfWritten: half, lost: 0 }
}

/** Relation exports (direct transfer's source side): killed after claiming, after a relation, before done. */
export async function relationsExport(points: string[]): Promise<KillReport> {
  const owner = await createUser()
  const group = await createGroup({ token: owner.token, prefix: 'kill-rel' })
  const base = `/groups/${group.id}/export_relations`
  expect((await api('POST', base, { token: owner.token, json: { batched: false } })).status).toBe(202)
  const crashAt = chained(points)
  const kills = await runThrough(crashAt)
  const [task, ...more] = await settled('relations_export', `relations_export:Group:${group.id}`)
  expectRetried(task, kills)
  const rows = await (await db()).relationExport.findMany({ where: { portableType: 'Group', portableId: group.id } })
  expect(rows.map((r) => r.relation).sort()).toEqual(['badges', 'boards', 'labels', 'members', 'milestones', 'self'])
  const half = rows.filter((r) => r.status !== 1 || !r.data).length
  const members = gunzipSync(rows.find((r) => r.relation === 'members')!.data!)
    .toString()
    .trim()
    .split('\n')
  // The owner once (a re-run rewrites the file, never appends to it).
  expect(members.map((m) => JSON.parse(m).user.username)).toEqual([owner.username])
  return {
    kind: 'relations_export',
    points: crashAt,
    kills,
    duplicates: more.length + members.length - 1,
    halfWritten: half,
    lost: 0,
  }
}

/** Direct transfer: a group with a project (a schedule, a snippet, a protected branch), this server as the source. */
export async function bulkImport(points: string[]): Promise<KillReport> {
  await api('PUT', '/application/settings', {
    json: { bulk_importing_enabled: true, allow_local_requests_from_web_hooks_and_services: true },
  })
  const source = await createGroup({ prefix: 'kill-src' })
  const dest = await createGroup({ prefix: 'kill-dst' })
  const app = (
    await api('POST', '/projects', {
      json: { name: 'app', path: 'app', namespace_id: source.id, initialize_with_readme: true },
    })
  ).body
  await api('POST', `/projects/${app.id}/pipeline_schedules`, {
    json: { description: 'nightly', ref: 'main', cron: '0 2 * * *' },
  })
  await api('POST', `/projects/${app.id}/pipeline_schedules`, {
    json: { description: 'weekly', ref: 'main', cron: '0 2 * * 0' },
  })
  await api('POST', `/projects/${app.id}/snippets`, {
    json: { title: 'howto', visibility: 'private', files: [{ file_path: 'howto.md', content: '# how' }] },
  })
  await api('POST', `/projects/${app.id}/protected_branches`, {
    json: { name: 'main', push_access_level: 40, merge_access_level: 40 },
  })
  const url = await serverUrl()
  const started = await api('POST', '/bulk_imports', {
    json: {
      configuration: { url, access_token: ROOT_TOKEN },
      entities: [
        {
          source_type: 'group_entity',
          source_full_path: source.full_path,
          destination_slug: 'copy',
          destination_namespace: dest.full_path,
        },
      ],
    },
  })
  expect(started.status, JSON.stringify(started.body)).toBe(201)
  const crashAt = chained(points)
  const kills = await runThrough(crashAt)
  const [task, ...more] = await settled('bulk_import', `bulk_import:${started.body.id}`)
  expectRetried(task, kills)
  const migration = (await api('GET', `/bulk_imports/${started.body.id}`)).body
  const failures = (await api('GET', `/bulk_imports/${started.body.id}/entities`)).body
  expect(migration.status, JSON.stringify(failures)).toBe('finished')
  expect(migration.has_failures, JSON.stringify(failures)).toBe(false)
  const copy = (await api('GET', `/projects/${encodeURIComponent(`${dest.full_path}/copy/app`)}`)).body
  const groups = (await api('GET', `/groups/${dest.id}/subgroups`)).body as unknown[]
  const schedules = (await api('GET', `/projects/${copy.id}/pipeline_schedules`)).body as { description: string }[]
  const snippets = (await api('GET', `/projects/${copy.id}/snippets`)).body as unknown[]
  const branches = (await api('GET', `/projects/${copy.id}/protected_branches`)).body as unknown[]
  const counts = {
    groups: groups.length,
    schedules: schedules.length,
    snippets: snippets.length,
    branches: branches.length,
  }
  expect(counts).toEqual({ groups: 1, schedules: 2, snippets: 1, branches: 1 })
  const duplicates =
    more.length +
    Math.max(0, groups.length - 1) +
    Math.max(0, schedules.length - 2) +
    Math.max(0, snippets.length - 1) +
    Math.max(0, branches.length - 1)
  return { kind: 'bulk_import', points: crashAt, kills, duplicates, halfWritten: 0, lost: 0 }
}

/** Counts the registry calls of the server under test on their way to the real registry. */
async function countingProxy(target: string): Promise<{ url: string; deletes: string[]; close: () => Promise<void> }> {
  const deletes: string[] = []
  const to = new URL(target)
  const server: Server = createServer((req, res) => {
    if (req.method === 'DELETE') deletes.push(req.url ?? '')
    const out = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deletes,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

/** Registry cleanup (bulk tag deletion): killed after claiming, after a batch of replaced tags, before done. */
export async function registryCleanup(points: string[]): Promise<KillReport> {
  const maintainer = await createUser()
  const group = await createGroup()
  const project = (
    await api('POST', '/projects', {
      json: { name: unique('kill-reg'), namespace_id: group.id, visibility: 'private' },
    })
  ).body
  await api('POST', `/projects/${project.id}/members`, { json: { user_id: maintainer.id, access_level: 40 } })
  const path = `${String(project.path_with_namespace).toLowerCase()}/cleanup`
  const day = 24 * 3600_000
  for (let i = 1; i <= 5; i++)
    await push(maintainer, path, [`b${i}`], { created: new Date(Date.now() - (10 - i) * day), seed: `${path}-${i}` })
  await push(maintainer, path, ['latest', 'other'], {
    created: new Date(Date.now() - 30 * day),
    seed: `${path}-latest`,
  })
  const repos = (await api('GET', `/projects/${project.id}/registry/repositories`)).body as {
    id: number
    name: string
  }[]
  const id = repos.find((r) => r.name === 'cleanup')!.id
  const query = { name_regex_delete: 'b.*', keep_n: '2' }
  const preview = await api('GET', `/projects/${project.id}/registry/repositories/${id}/cleanup_preview`, {
    token: maintainer.token,
    query,
  })
  expect(preview.status).toBe(200)
  const doomed = (preview.body.decisions as { name: string; delete: boolean }[])
    .filter((d) => d.delete)
    .map((d) => d.name)
  expect(doomed.sort()).toEqual(['b1', 'b2', 'b3'])
  const proxy = await countingProxy(process.env.REGISTRY_API_URL!)
  try {
    const crashAt = chained(points)
    // Queued by the test's server; run by the crash servers, whose registry is the counting proxy.
    expect(
      (
        await api('DELETE', `/projects/${project.id}/registry/repositories/${id}/tags`, {
          token: maintainer.token,
          json: query,
        })
      ).status,
    ).toBe(202)
    const kills = await runThrough(crashAt, { REGISTRY_API_URL: proxy.url })
    const [task, ...more] = await settled('container_tags_cleanup', `container_repository:${id}`)
    expectRetried(task, kills)
    const left = (
      (await api('GET', `/projects/${project.id}/registry/repositories/${id}/tags`, { query: { per_page: 100 } }))
        .body as { name: string }[]
    ).map((t) => t.name)
    expect(left.sort()).toEqual(['b4', 'b5', 'latest', 'other'])
    // The dummy manifest every deleted tag was moved to is deleted, once.
    const manifestDeletes = proxy.deletes.filter((u) => u.includes('/manifests/'))
    expect(manifestDeletes).toHaveLength(1)
    return {
      kind: 'container_tags_cleanup',
      points: crashAt,
      kills,
      duplicates: more.length + manifestDeletes.length - 1,
      halfWritten: 0,
      lost: 0,
    }
  } finally {
    await proxy.close()
  }
}

export const printReport = (r: KillReport) =>
  console.log(
    `kill -9 ${r.kind}: points ${r.points.join(' ')}; kills ${r.kills}; duplicates ${r.duplicates}, half-written ${r.halfWritten}, lost ${r.lost}`,
  )
