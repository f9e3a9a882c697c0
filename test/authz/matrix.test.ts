// The authorization matrix (issue 34 §2): for every routed endpoint, every actor and every
// visibility of its target, the answer GitLab gives — read from test/authz/gitlab-rules.yaml (the
// oracle; lib/ never reads it) — against the product's. One `it` per cell. Write rows run their
// refused cells first, between two digests of every table: a refused write changes nothing. Cells
// that succeed act on fresh targets (test/authz/fixtures.ts). A routed endpoint without a row (and
// not in the reviewed `pending` list) fails the coverage test. A report sums it up at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { allEndpoints } from '../../lib/endpoints'
import { flushEvents } from '../../lib/usage-data/events'
import { api, ROOT_TOKEN } from '../helpers'
import { changedTables, tableDigests } from '../table-digest'
import { buildWorld, type World } from './actors'
import { FIXTURES } from './fixtures'
import { fillPath, send, type Outcome } from './send'
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

/** The first queue task this run may make (its leftovers are dropped at the end). */
let firstTaskId = 0
let world: World
const shared = new Map<string, Promise<Record<string, string>>>()

/** The row's fixture for a subject, made once and shared by the read cells and refused writes. */
function sharedFixture(kind: string, v: Visibility): Promise<Record<string, string>> {
  const key = `${kind}:${v}`
  let f = shared.get(key)
  if (!f) shared.set(key, (f = FIXTURES[kind]!(world.subjects[v])))
  return f
}

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
    if (actor === 'project_bot' && subjectOf(r) === 'none') continue
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
  // bulk_importing_enabled on: off, GitLab's whole bulk_imports API is a 404. Local requests
  // allowed: the migrations' source is this server, on loopback.
  expect(
    (
      await api('PUT', '/application/settings', {
        token: ROOT_TOKEN,
        json: {
          admin_mode: true,
          bulk_importing_enabled: true,
          allow_local_requests_from_web_hooks_and_services: true,
        },
      })
    ).status,
  ).toBe(200)
  firstTaskId = ((await (await getDb()).queuedTask.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1
  const t0 = performance.now()
  world = await buildWorld()
  timing.world = performance.now() - t0
}, 120_000)

afterAll(async () => {
  // Succeeding cells queue work no worker runs here (imports, exports, migrations): drop what is
  // still waiting, or the serial suites after this one — which start workers, some with crash
  // points named by task kind — would run it first.
  await (await getDb()).queuedTask.deleteMany({ where: { id: { gte: firstTaskId }, status: 'pending' } })
  await api('PUT', '/application/settings', {
    token: ROOT_TOKEN,
    json: { admin_mode: false, bulk_importing_enabled: false, allow_local_requests_from_web_hooks_and_services: false },
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
    const covered = new Set([
      ...rules.endpoints.map((r) => r.route),
      ...rules.pending.map((p) => p.route),
      rules.registry_token.route,
    ])
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
        outcomes.set(c, await send(world, r, c.actor, valuesFor(r, c.v, fixture), c.v, isSuccess(c.expected.status)))
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
      const subject = o.route.includes('/groups/') ? String(s.group.id) : String(s.project.id)
      const got = await send(
        world,
        { ...o, path: undefined },
        o.actor as AnyActor,
        { id: subject, ...fixture, ...fillPath(world, o.path, o.actor as AnyActor) },
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
