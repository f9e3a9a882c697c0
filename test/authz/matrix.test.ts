// The authorization matrix (issue 34 §2): for every routed endpoint, every actor and every
// visibility of its target, the answer GitLab gives — read from test/authz/gitlab-rules.yaml (the
// oracle; lib/ never reads it) — against the product's. One `it` per cell. Write rows run their
// refused cells first, between two digests of every table: a refused write changes nothing. Cells
// that succeed act on fresh targets (test/authz/fixtures.ts). A routed endpoint without a row (and
// not in the reviewed `pending` list) fails the coverage test. A report sums it up at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allEndpoints } from '../../lib/endpoints'
import { flushEvents } from '../../lib/usage-data/events'
import { api, createUser, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'
import { newEd25519Line } from '../ssh-key'
import { changedTables, tableDigests } from '../table-digest'
import { buildWorld, freshRunner, tokenOf, type World } from './actors'
import { FIXTURES } from './fixtures'
import {
  ACTORS,
  expectedCell,
  loadRules,
  resolve,
  SCOPE_ACTORS,
  TOKEN_ACTORS,
  type ScopeActorName,
  VISIBILITIES,
  type AnyActor,
  type Expected,
  type Row,
  type Visibility,
} from './rules'

const rules = loadRules()

/** Routes outside /api/v4 that the matrix covers too. */
const EXTRA_ROUTES = ['POST /api/graphql', 'GET /jwt/auth']

interface Cell {
  actor: AnyActor
  v: Visibility | '-'
  expected: Expected
}
interface Outcome {
  status: number
  body: unknown
}

const secs = (ms: number) => (ms / 1000).toFixed(1)
/** Where the matrix's time goes (the report prints it: the budget is ~90 s per database). */
const timing = { digest: 0, refused: 0, succeed: 0, reads: 0, world: 0 }
/** Cells planned at collection: a row whose setup fails skips its cells, and the report says so. */
let planned = 0
const report = { cells: 0, passed: 0, failed: 0, na: new Map<string, number>(), writesChecked: 0 }

/**
 * Runs `run` over the items, `size` at a time. A failure is thrown only once every item has run,
 * so no request of a failed row is still writing while the next row takes its digests.
 */
async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const failures: unknown[] = []
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!).catch((e: unknown) => failures.push(e))
    }),
  )
  if (failures.length) throw failures[0]
}

let world: World
const shared = new Map<string, Promise<Record<string, string>>>()

/** The row's fixture for a subject, made once and shared by the read cells and refused writes. */
function sharedFixture(kind: string, v: Visibility): Promise<Record<string, string>> {
  const key = `${kind}:${v}`
  let f = shared.get(key)
  if (!f) shared.set(key, (f = FIXTURES[kind]!(world.subjects[v])))
  return f
}

/** `{{unique}}` a fresh name, `{{key}}` a fresh variable key, `{{spare_group}}` the share target, `{{ssh_key}}` a fresh public key. */
function fill(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replaceAll('{{unique}}', () => unique('authz'))
      .replaceAll('{{key}}', () => unique('AUTHZ').replace('-', '_'))
      .replaceAll('{{spare_group}}', String(world.spareGroup.id))
      .replaceAll('{{ssh_key}}', () => newEd25519Line())
  if (Array.isArray(value)) return value.map(fill)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fill(x)]))
  return value
}

/** `{{value:name}}` in a body: the path value `name` (the fixture's); a whole-string number stays a number. */
function fillValues(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const valueOf = (name: string) => {
      const x = values[name]
      if (x === undefined) throw new Error(`no value for {{value:${name}}}`)
      return x
    }
    const whole = /^\{\{value:([a-z_]+)\}\}$/.exec(value)
    if (whole) {
      const x = valueOf(whole[1]!)
      return /^\d+$/.test(x) ? Number(x) : x
    }
    return value.replace(/\{\{value:([a-z_]+)\}\}/g, (_m, name: string) => valueOf(name))
  }
  if (Array.isArray(value)) return value.map((x) => fillValues(x, values))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fillValues(x, values)]))
  return value
}

async function freshUserId(): Promise<number> {
  const username = unique('authz-u')
  const res = await api('POST', '/users', {
    json: {
      username,
      email: `${username}@example.com`,
      name: username,
      password: 'password-123456',
      skip_confirmation: true,
    },
  })
  return res.body.id as number
}

type Request = Pick<Row, 'route' | 'query' | 'body' | 'headers' | 'raw' | 'path'>

const RUNNER_ACTORS: readonly AnyActor[] = ['runner_token', 'unknown_runner_token']
const JOB_ACTORS: readonly AnyActor[] = ['job_token_running', 'job_token_finished']

/** `{{job_id}}`: the acting job token's own job (the running job's for every other actor). */
const jobIdOf = (actor: AnyActor) => String(actor === 'job_token_finished' ? world.ci.finished.id : world.ci.running.id)

/**
 * Sends one cell's request: the row's route with the subject's and the fixture's path values.
 * `{{fresh_user}}` is a new user for a write that should succeed, the spare one for a refused write
 * (a user made then would be a change of its own). The credential goes where its kind goes: a
 * runner token in the `token` parameter, a job token in `JOB-TOKEN`, the rest as a Bearer token;
 * a succeeding `fresh` write with a runner token gets a runner of its own (it consumes the token).
 */
async function send(
  r: Request & { fresh?: boolean },
  actor: AnyActor,
  values: Record<string, string>,
  v: Visibility | '-',
  succeeds = false,
): Promise<Outcome> {
  let token = tokenOf(world, actor, v)
  if (r.fresh && succeeds && actor === 'runner_token') token = await freshRunner(world.ci.projectId)
  // A token of its own per cell (a new user's): for the routes that act on the token itself.
  if (actor === 'fresh_token') token = (await createUser()).token
  const all = {
    ...values,
    ...Object.fromEntries(
      Object.entries(r.path ?? {}).map(([k, x]) => [k, x.replaceAll('{{job_id}}', jobIdOf(actor))]),
    ),
  }
  const [method, template] = r.route.split(' ') as [string, string]
  const path = template.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const x = all[name]
    if (x === undefined) throw new Error(`${r.route}: no value for :${name}`)
    return encodeURIComponent(x)
  })
  let json = r.body ? (fillValues(fill(r.body), all) as Record<string, unknown>) : undefined
  if (json && Object.values(json).includes('{{fresh_user}}')) {
    const id = succeeds ? await freshUserId() : world.spareUser.id
    json = Object.fromEntries(Object.entries(json).map(([k, x]) => [k, x === '{{fresh_user}}' ? id : x]))
  }
  const headers: Record<string, string> = { ...(r.headers ?? {}) }
  let bearer: string | null = token
  if (RUNNER_ACTORS.includes(actor)) {
    json = { ...json, token: token! }
    bearer = null
  } else if (JOB_ACTORS.includes(actor)) {
    headers['JOB-TOKEN'] = token!
    bearer = null
  }
  const query = r.query ? (fill(r.query) as Record<string, string>) : undefined
  if (path.startsWith('/api/') || path.startsWith('/jwt/')) {
    const qs = query ? `?${new URLSearchParams(query).toString()}` : ''
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    if (json) headers['Content-Type'] = 'application/json'
    const res = await fetch(`${await serverUrl()}${path}${qs}`, {
      method,
      headers,
      body: json ? JSON.stringify(json) : undefined,
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* a text body */
    }
    return { status: res.status, body }
  }
  if (r.raw !== undefined && !json) headers['Content-Type'] ??= 'text/plain'
  const res = await api(method, path, { token: bearer, json, query, headers, body: json ? undefined : r.raw })
  return { status: res.status, body: res.body }
}

const fillPath = (p: Record<string, string> | undefined, actor: AnyActor) =>
  Object.fromEntries(Object.entries(p ?? {}).map(([k, x]) => [k, x.replaceAll('{{job_id}}', jobIdOf(actor))]))

const subjectOf = (r: Row) => rules.profiles[r.profile]!.subject

function valuesFor(r: Row, v: Visibility | '-', fixture: Record<string, string>): Record<string, string> {
  const s = world.subjects[v === '-' ? 'private' : v]
  const subject = subjectOf(r)
  const base: Record<string, string> =
    subject === 'group' ? { id: String(s.group.id) } : subject === 'project' ? { id: String(s.project.id) } : {}
  return { ...base, ...fixture }
}

function cellsOf(r: Row): Cell[] {
  const columns: (Visibility | '-')[] = subjectOf(r) === 'none' ? ['-'] : [...VISIBILITIES]
  const cells: Cell[] = []
  if (r.actors) {
    for (const actor of r.actors as AnyActor[])
      for (const v of columns) if (!r.na?.[actor]) cells.push({ actor, v, expected: expectedCell(rules, r, actor, v) })
    return cells
  }
  for (const actor of Object.keys(ACTORS) as AnyActor[]) {
    if (actor === 'project_bot' && subjectOf(r) !== 'project') continue
    for (const v of columns) if (!r.na?.[actor]) cells.push({ actor, v, expected: expectedCell(rules, r, actor, v) })
  }
  // Bad credentials and a scope the route does not take fail the same way on every route: one
  // column is enough (a scope the route takes is the maintainer's answer there).
  for (const actor of [...TOKEN_ACTORS, ...(Object.keys(SCOPE_ACTORS) as ScopeActorName[])])
    if (!r.na?.[actor]) cells.push({ actor, v: columns[0]!, expected: expectedCell(rules, r, actor, columns[0]!) })
  return cells
}

const label = (c: Cell) => `${c.actor} × ${c.v} → ${c.expected.status}`
const isSuccess = (s: number) => s >= 200 && s < 300

beforeAll(async () => {
  // admin_mode on: `admin` sends a token with the admin_mode scope, `admin_no_mode` one without.
  // bulk_importing_enabled on: off, GitLab's whole bulk_imports API is a 404.
  expect(
    (
      await api('PUT', '/application/settings', {
        token: ROOT_TOKEN,
        json: { admin_mode: true, bulk_importing_enabled: true },
      })
    ).status,
  ).toBe(200)
  const t0 = performance.now()
  world = await buildWorld()
  timing.world = performance.now() - t0
}, 120_000)

afterAll(async () => {
  await api('PUT', '/application/settings', {
    token: ROOT_TOKEN,
    json: { admin_mode: false, bulk_importing_enabled: false },
  })
  const pendingCount = rules.pending.length
  const na = [...report.na].map(([why, n]) => `${n} (${why})`).join(', ')
  console.log(
    `authz matrix: ${rules.endpoints.length} endpoints with rows, ${planned} cells (endpoints × actors × visibilities), ${report.passed} passing, ${report.failed} failing, ${planned - report.cells} not run (a row's setup failed); ` +
      `n/a: ${na || 0}; refused-write rows digest-checked: ${report.writesChecked}; order rows: ${rules.order.length}; endpoints without rows (pending): ${pendingCount}; ` +
      `seconds: world ${secs(timing.world)}, read cells ${secs(timing.reads)}, refused writes ${secs(timing.refused)}, digests ${secs(timing.digest)}, succeeding writes ${secs(timing.succeed)}`,
  )
})

describe('coverage', () => {
  it('has a row, or a reviewed pending entry, for every routed endpoint (and /api/graphql, /jwt/auth)', () => {
    const routed = [...allEndpoints.map((e) => `${e.method} ${e.path}`), ...EXTRA_ROUTES]
    const covered = new Set([...rules.endpoints.map((r) => r.route), ...rules.pending.map((p) => p.route)])
    expect(routed.filter((r) => !covered.has(r))).toEqual([])
    // A row or pending entry for a route the product does not have is a typo or a removed route.
    expect([...covered].filter((r) => !routed.includes(r))).toEqual([])
  })
})

for (const r of rules.endpoints) {
  describe(r.route, () => {
    const cells = cellsOf(r)
    planned += cells.length
    const outcomes = new Map<Cell, Outcome>()
    let changed: string[] = []
    const method = r.route.split(' ')[0]!
    for (const why of Object.values(r.na ?? {})) report.na.set(why!, (report.na.get(why!) ?? 0) + 1)

    beforeAll(async () => {
      const fixtureFor = async (v: Visibility | '-') =>
        r.fixture ? await sharedFixture(r.fixture, v === '-' ? 'private' : v) : {}
      const run = async (c: Cell, fixture: Record<string, string>) => {
        outcomes.set(c, await send(r, c.actor, valuesFor(r, c.v, fixture), c.v, isSuccess(c.expected.status)))
      }
      if (method === 'GET') {
        const t0 = performance.now()
        await pool(cells, 4, async (c) => run(c, await fixtureFor(c.v)))
        timing.reads += performance.now() - t0
        return
      }
      const refused = cells.filter((c) => !isSuccess(c.expected.status))
      const succeed = cells.filter((c) => isSuccess(c.expected.status))
      // Fixtures first: made before the first digest, they are not the refused cells' writes.
      const fixtures = new Map<string, Record<string, string>>()
      for (const c of refused) if (!fixtures.has(c.v)) fixtures.set(c.v, await fixtureFor(c.v))
      let t0 = performance.now()
      const before = await tableDigests()
      timing.digest += performance.now() - t0
      t0 = performance.now()
      await pool(refused, 4, (c) => run(c, fixtures.get(c.v)!))
      timing.refused += performance.now() - t0
      t0 = performance.now()
      changed = changedTables(before, await tableDigests())
      timing.digest += performance.now() - t0
      t0 = performance.now()
      report.writesChecked++
      // Commits to one branch (repository files) conflict when concurrent: such rows say `serial`.
      await pool(succeed, r.serial ? 1 : 4, async (c) => {
        const fixture =
          r.fresh && r.fixture
            ? await FIXTURES[r.fixture]!(world.subjects[c.v === '-' ? 'private' : c.v])
            : await fixtureFor(c.v)
        await run(c, fixture)
      })
      // Tracked usage events are written after the answer (buffered): settled here, before the next row's digests.
      await flushEvents()
      timing.succeed += performance.now() - t0
    }, 120_000)

    it.each(cells.map((c) => [label(c), c] as const))('%s', (_name, c) => {
      report.cells++
      const got = outcomes.get(c)!
      const want =
        c.expected.body === undefined
          ? { status: c.expected.status }
          : { status: c.expected.status, body: c.expected.body }
      const have = c.expected.body === undefined ? { status: got.status } : { status: got.status, body: got.body }
      try {
        expect(
          have,
          `${r.route} as ${c.actor} on a ${c.v} target (${r.cite}); body: ${JSON.stringify(got.body).slice(0, 300)}`,
        ).toEqual(want)
        report.passed++
      } catch (e) {
        report.failed++
        throw e
      }
    })

    if (method !== 'GET')
      it('refused writes leave every table unchanged', () => {
        expect(changed).toEqual([])
      })
  })
}

describe('order of checks (authentication → before blocks → params → the handler’s lookups)', () => {
  for (const o of rules.order) {
    it(`${o.name}: ${o.route} → ${String(o.expect)}`, async () => {
      const fixture = o.fixture ? await sharedFixture(o.fixture, o.visibility) : {}
      const s = world.subjects[o.visibility]
      const subject = o.route.includes('/groups/:id') ? String(s.group.id) : String(s.project.id)
      const got = await send(
        { ...o, path: undefined },
        o.actor as AnyActor,
        { id: subject, ...fixture, ...fillPath(o.path, o.actor as AnyActor) },
        o.visibility,
      )
      const want = resolve(rules, o.expect)
      if (want.body === undefined) {
        expect(got.status, JSON.stringify(got.body)).toBe(want.status)
        // A bare status still owes one of GitLab's two error shapes.
        if (want.status >= 400)
          expect(
            Object.keys(got.body as object).some((k) => k === 'message' || k === 'error'),
            JSON.stringify(got.body),
          ).toBe(true)
      } else expect({ status: got.status, body: got.body }).toEqual({ status: want.status, body: want.body })
    })
  }
})

// Rack::Attack's throttle answers before any route (shared/reference/gitlab-behaviour.md §1.9): a
// plain-text 429, not either JSON shape. Last in the file: the throttle is on only for this case.
// Counters are per address and window, and every serial file sends from 127.0.0.1: a period no other
// file uses (effects 60 and 3600, rate limits 7200 and 5400), or its count is theirs too (effects'
// first unauthenticated request in the same hour met this case's count: 429 for 200).
describe('error shapes outside the rows', () => {
  it('429 from the unauthenticated API throttle is the text body "Retry later\\n" with Retry-After', async () => {
    const on = {
      throttle_unauthenticated_api_enabled: true,
      throttle_unauthenticated_api_requests_per_period: 1,
      throttle_unauthenticated_api_period_in_seconds: 2700,
    }
    expect((await api('PUT', '/application/settings', { token: ROOT_TOKEN, json: on })).status).toBe(200)
    try {
      await api('GET', '/version', { token: null })
      const res = await api('GET', '/projects', { token: null })
      expect({ status: res.status, text: res.text, type: res.headers.get('content-type') }).toEqual({
        status: 429,
        text: 'Retry later\n',
        type: 'text/plain',
      })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      expect(
        (
          await api('PUT', '/application/settings', {
            token: ROOT_TOKEN,
            json: { throttle_unauthenticated_api_enabled: false },
          })
        ).status,
      ).toBe(200)
    }
  })
})
