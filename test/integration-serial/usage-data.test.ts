// /usage_data: the service ping payload (computed by the queue, stored, served to administrators),
// metric definitions as YAML, event tracking with batched writes, and the weekly schedule's chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { getDb } from '../../lib/db'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { flushEvents } from '../../lib/usage-data/events'
import { ensureServicePingSchedule } from '../../lib/usage-data/service'
import { api, createGroup, createUser, unique, until } from '../helpers'

const TOP_LEVEL_KEYS = [
  'recorded_at',
  'uuid',
  'hostname',
  'version',
  'installation_type',
  'active_user_count',
  'edition',
  'license_md5',
  'license_sha256',
  'license_id',
  'historical_max_users',
  'licensee',
  'license_user_count',
  'license_starts_at',
  'license_expires_at',
  'license_plan',
  'license_add_ons',
  'license_trial',
  'license_subscription_id',
  'license',
  'settings',
  'counts',
  'schema_inconsistencies_metric',
]
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

type Payload = Record<string, unknown> & { recorded_at: string; uuid: string; counts: Record<string, number> }

/** Key paths of the payload's leaves (an empty object is a leaf: it is one metric). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.keys(value).length) return [prefix]
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k))
}

/** Asks for a recompute and waits for a payload newer than `after`. */
async function recompute(after = ''): Promise<Payload> {
  const res = await api('POST', '/usage_data/service_ping/recompute')
  expect(res.status).toBe(202)
  expect(res.body).toEqual({ message: '202 Accepted', task_id: expect.any(Number) })
  const got = await until(
    'a new payload',
    () => api<Payload>('GET', '/usage_data/service_ping'),
    (r) => typeof r.body.recorded_at === 'string' && r.body.recorded_at > after,
  )
  return got.body
}

let admin: Awaited<ReturnType<typeof createUser>>
beforeAll(async () => {
  // Serial because its counts are the instance's (no other file may create users or projects
  // meanwhile). A file before it may have computed a payload (the cluster tests' workers): the
  // first case is about an instance that never did, so the stored payloads go; and the weekly
  // chain those processes started at their start-up, since the schedule case starts the first one.
  const db = await getDb()
  await db.usageDataPayload.deleteMany({})
  await db.usageDataSchedule.deleteMany({})
  await db.queuedTask.deleteMany({ where: { kind: 'service_ping' } })
  admin = await createUser({ admin: true, scopes: ['read_service_ping'] })
  startQueueWorker({ pollMs: 50 })
})
afterAll(async () => {
  await stopQueueWorker(2000)
})

describe('GET /usage_data/service_ping', () => {
  it('is {} before the first computation, and for administrators only', async () => {
    const before = await api('GET', '/usage_data/service_ping', { token: admin.token })
    expect(before.status).toBe(200)
    expect(before.headers.get('content-type')).toContain('application/json')
    expect(before.body).toEqual({})
    expect(await api('GET', '/usage_data/service_ping', { token: null })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
    const user = await createUser({ scopes: ['read_service_ping'] })
    expect(await api('GET', '/usage_data/service_ping', { token: user.token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    })
    const wrongScope = await createUser({ admin: true, scopes: ['read_user'] })
    const refused = await api('GET', '/usage_data/service_ping', { token: wrongScope.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: 'insufficient_scope' })
    const apiScoped = await createUser({ admin: true, scopes: ['api'] })
    expect((await api('GET', '/usage_data/service_ping', { token: apiScoped.token })).status).toBe(200)
  })

  it('recompute is for administrators', async () => {
    const user = await createUser()
    expect(await api('POST', '/usage_data/service_ping/recompute', { token: user.token })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    })
    expect(await api('POST', '/usage_data/service_ping/recompute', { token: null })).toMatchObject({ status: 401 })
  })

  it('serves the computed payload: spec keys, stable uuid, null licence, real counts', async () => {
    await createGroup()
    const first = await recompute()
    expect(Object.keys(first)).toEqual(TOP_LEVEL_KEYS)
    expect(first.recorded_at).toMatch(ISO_MS)
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(first).toMatchObject({
      edition: 'CE',
      version: expect.any(String),
      installation_type: 'source',
      license_md5: null,
      license_id: null,
      license_plan: null,
      license_trial: null,
    })
    expect(first.hostname).toBe('127.0.0.1')
    const db = await getDb()
    const [users, groups, projects, pipelines, runners] = await Promise.all([
      db.user.count(),
      db.namespace.count({ where: { kind: 'group' } }),
      db.project.count(),
      db.pipeline.count(),
      db.runner.count(),
    ])
    expect(first.counts.users).toBe(users)
    expect(first.counts.groups).toBe(groups)
    expect(first.counts.projects).toBe(projects)
    expect(first.counts.ci_pipelines).toBe(pipelines)
    expect(first.counts.ci_runners).toBe(runners)
    expect(first.active_user_count).toBe(await db.user.count({ where: { state: 'active', bot: false } }))

    await createGroup()
    const second = await recompute(first.recorded_at)
    expect(second.uuid).toBe(first.uuid)
    expect(second.counts.groups).toBe((first.counts.groups ?? 0) + 1)
    const stored = await db.usageDataPayload.findFirst({ orderBy: { id: 'desc' } })
    expect(stored).toMatchObject({ trigger: 'manual', recordedAt: new Date(second.recorded_at) })
    expect(JSON.parse(stored?.payload ?? '{}')).toEqual(second)
  })
})

describe('event tracking', () => {
  it('checks authentication, scopes and parameters as GitLab does', async () => {
    const event = unique('i_test_event').replace(/-/g, '_')
    expect(await api('POST', '/usage_data/track_event', { token: null, json: { event } })).toMatchObject({
      status: 401,
      body: { message: '401 Unauthorized' },
    })
    const reader = await createUser({ scopes: ['read_api'] })
    const refused = await api('POST', '/usage_data/track_event', { token: reader.token, json: { event } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: 'insufficient_scope' })
    expect(await api('POST', '/usage_data/track_event', { json: {} })).toMatchObject({
      status: 400,
      body: { error: 'event is missing' },
    })
    expect(await api('POST', '/usage_data/track_event', { json: { event, project_id: 'x' } })).toMatchObject({
      status: 400,
      body: { error: 'project_id is invalid' },
    })
    expect(await api('POST', '/usage_data/track_events', { json: {} })).toMatchObject({
      status: 400,
      body: { error: 'events is missing' },
    })
    expect(await api('POST', '/usage_data/track_events', { json: { events: [{ project_id: 1 }] } })).toMatchObject({
      status: 400,
      body: { error: 'events[0][event] is missing' },
    })
    const tooMany = Array.from({ length: 51 }, () => ({ event }))
    expect(await api('POST', '/usage_data/track_events', { json: { events: tooMany } })).toMatchObject({
      status: 400,
      body: { message: 'Maximum 50 events allowed in one request.' },
    })
    const db = await getDb()
    await flushEvents()
    expect(await db.usageEvent.count({ where: { event } })).toBe(0)
  })

  it('stores events in batches and counts them in the payload', async () => {
    const event = unique('i_counted').replace(/-/g, '_')
    const group = await createGroup()
    const ai = await createUser({ scopes: ['ai_workflows'] })
    const one = await api('POST', '/usage_data/track_event', {
      json: {
        event,
        namespace_id: group.id,
        additional_properties: { label: 'login_button', value: 1 },
        send_to_snowplow: true,
      },
    })
    expect(one.status).toBe(200)
    expect(one.text).toBe('200')
    const many = await api('POST', '/usage_data/track_events', {
      token: ai.token,
      json: { events: [{ event }, { event, project_id: 7 }] },
    })
    expect(many.status).toBe(200)
    expect(many.text).toBe('200')
    const db = await getDb()
    // Written by the flush timer, not by the requests.
    await until(
      'events written',
      () => db.usageEvent.count({ where: { event } }),
      (n) => n === 3,
      10_000,
    )
    const rows = await db.usageEvent.findMany({ where: { event }, orderBy: { id: 'asc' } })
    expect(rows[0]).toMatchObject({
      namespaceId: group.id,
      sendToSnowplow: true,
      properties: JSON.stringify({ label: 'login_button', value: 1 }),
    })
    expect(rows[2]).toMatchObject({ projectId: 7, userId: ai.id, properties: null, sendToSnowplow: false })

    const before = await api<Payload>('GET', '/usage_data/service_ping')
    const payload = await recompute(before.body.recorded_at)
    expect(payload.counts[`count_total_${event}`]).toBe(3)
  })

  it('writes a burst of events with few statements', async () => {
    const event = unique('i_burst').replace(/-/g, '_')
    await flushEvents()
    const { queryCount } = await import('../../lib/db')
    const start = queryCount()
    const res = await Promise.all(
      Array.from({ length: 40 }, () =>
        api('POST', '/usage_data/track_events', { json: { events: Array.from({ length: 10 }, () => ({ event })) } }),
      ),
    )
    expect(res.every((r) => r.status === 200)).toBe(true)
    await flushEvents()
    expect(await (await getDb()).usageEvent.count({ where: { event } })).toBe(400)
    // Requests authenticate from cache; the 400 rows take a handful of INSERTs, not 400.
    expect(queryCount() - start).toBeLessThan(40)
  })
})

describe('GET /usage_data/metric_definitions', () => {
  it('is public YAML, one definition per key of the payload', async () => {
    const payload = await recompute((await api<Payload>('GET', '/usage_data/service_ping')).body.recorded_at)
    const res = await api('GET', '/usage_data/metric_definitions', { token: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/yaml')
    expect(res.text.startsWith('---\n- key_path: recorded_at\n')).toBe(true)
    const defs = parse(res.text) as Record<string, unknown>[]
    for (const d of defs) {
      expect(Object.keys(d)).toEqual([
        'key_path',
        'description',
        'product_group',
        'value_type',
        'status',
        'time_frame',
        'data_source',
        'tier',
      ])
      expect(d.tier).toEqual(expect.arrayContaining(['free']))
    }
    const paths = defs.map((d) => d.key_path as string)
    expect(new Set(paths).size).toBe(paths.length)
    expect([...paths].sort()).toEqual(keyPaths(payload).sort())
    expect(defs.find((d) => d.key_path === 'counts.projects')).toMatchObject({
      value_type: 'number',
      data_source: 'database',
      time_frame: 'all',
      status: 'active',
    })
  })
})

describe('weekly schedule', () => {
  it('starts one chain however many processes ask, and each run adds the next cycle', { timeout: 60_000 }, async () => {
    const db = await getDb()
    // Due at once: the start-up delay is already over.
    const due = new Date(Date.now() - 61_000)
    const started = await Promise.all(Array.from({ length: 5 }, () => ensureServicePingSchedule(due)))
    expect(started.filter(Boolean)).toHaveLength(1)
    expect(await db.usageDataSchedule.findMany()).toMatchObject([{ cycle: 0 }])
    expect(await db.queuedTask.count({ where: { kind: 'service_ping', payload: JSON.stringify({ cycle: 0 }) } })).toBe(
      1,
    )
    expect(await ensureServicePingSchedule()).toBe(false)

    const next = await until(
      'cycle 1 queued',
      () => db.usageDataSchedule.findUnique({ where: { cycle: 1 } }),
      (r) => r !== null,
    )
    const week = 7 * 24 * 3600_000
    expect(Math.abs((next?.runAt.getTime() ?? 0) - (Date.now() + week))).toBeLessThan(60_000)
    await until(
      'the scheduled payload',
      () => db.usageDataPayload.count({ where: { trigger: 'scheduled' } }),
      (n) => n === 1,
    )
    expect(
      await db.queuedTask.count({
        where: { kind: 'service_ping', payload: JSON.stringify({ cycle: 1 }), status: 'pending' },
      }),
    ).toBe(1)
    // Not overdue: start-up leaves the chain alone.
    expect(await ensureServicePingSchedule()).toBe(false)
    expect(await db.usageDataSchedule.count()).toBe(2)
  })
})

describe('GET /usage_data/queries and /usage_data/non_sql_metrics', () => {
  const setFlag = (name: string, value: boolean) => api('POST', `/features/${name}`, { json: { value } })

  it('are for administrators, and 404 until their flag is on', async () => {
    const user = await createUser()
    for (const path of ['/usage_data/queries', '/usage_data/non_sql_metrics']) {
      expect(await api('GET', path, { token: null })).toMatchObject({
        status: 401,
        body: { message: '401 Unauthorized' },
      })
      expect(await api('GET', path, { token: user.token })).toMatchObject({
        status: 403,
        body: { message: '403 Forbidden' },
      })
      expect(await api('GET', path)).toMatchObject({ status: 404, body: { message: '404 Not Found' } })
    }
  })

  it('show counted metrics as SQL, or as -3, from the same definitions as the payload', async () => {
    expect((await setFlag('usage_data_queries_api', true)).status).toBe(201)
    expect((await setFlag('usage_data_non_sql_metrics', true)).status).toBe(201)
    try {
      const payload = (await api<Payload>('GET', '/usage_data/service_ping')).body
      const queries = await api<Payload>('GET', '/usage_data/queries')
      expect(queries.status).toBe(200)
      expect(Object.keys(queries.body)).toEqual(TOP_LEVEL_KEYS)
      expect(queries.body.active_user_count).toBe(
        `SELECT COUNT("User"."id") AS count FROM "User" WHERE "User"."state" = 'active' AND "User"."bot" = false`,
      )
      expect(queries.body.counts.projects).toBe('SELECT COUNT("Project"."id") AS count FROM "Project"')
      expect(queries.body.uuid).toBe(payload.uuid)
      const nonSql = await api<Payload>('GET', '/usage_data/non_sql_metrics')
      expect(nonSql.status).toBe(200)
      expect(nonSql.body.active_user_count).toBe(-3)
      expect(nonSql.body.counts.projects).toBe(-3)
      expect(nonSql.body.edition).toBe('CE')
      // Tracked events are not SQL metrics (GitLab counts them in Redis): their totals show as values.
      const events = Object.keys(nonSql.body.counts).filter((k) => k.startsWith('count_total_'))
      expect(events.length).toBeGreaterThan(0)
      for (const k of events) expect(nonSql.body.counts[k]).toBeGreaterThan(0)
      expect(keyPaths(queries.body).sort()).toEqual(keyPaths(nonSql.body).sort())
    } finally {
      await setFlag('usage_data_queries_api', false)
      await setFlag('usage_data_non_sql_metrics', false)
    }
  })
})
