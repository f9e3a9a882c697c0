// Fuzz of every endpoint (issue 34 §1): requests generated with fast-check from the product's own
// OpenAPI document (GET /api/v4/openapi.json) plus /api/graphql and /jwt/auth, valid shapes first,
// then each family's mutation (families.ts); every answer checked by the oracles (oracles.ts) and
// every refused write by the table digests (test/table-digest.ts). The corpus (corpus/*.json) is
// replayed first. Runs on its own database (isolated-database.ts), on SQLite and PostgreSQL.
//   FUZZ_RUNS  requests per operation (default 10: `npm test`'s budget); FUZZ_SEED replays a run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fc } from '@fast-check/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushTokenUses } from '../../lib/auth/last-used'
import { allEndpoints } from '../../lib/endpoints'
import { flushLog } from '../../lib/runtime/log'
import { flushEvents } from '../../lib/usage-data/events'
import { api, ROOT_TOKEN } from '../helpers'
import { serverUrl } from '../setup/server'
import { changedTables, tableDigests, type Digests } from '../table-digest'
import { FAMILY_NAMES, requestOf } from './families'
import { isolatedDatabase, type IsolatedDatabase } from './isolated-database'
import { operationsOf, OUTSIDE_DOCUMENT, type OpenApiDocument, type Operation } from './operations'
import { answerProblems, refusedWrite } from './oracles'
import { nfdTwin, send, type FuzzRequest, type FuzzResponse, type Substitutions } from './send'

// `npm test` runs one fixed seed; `npm run test:fuzz` a new one each time (FUZZ_SEED=random), printed.
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261128)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)
const CORPUS = path.join(import.meta.dirname, 'corpus')

let db: IsolatedDatabase
// Set once the database exists: a failed set-up leaves nothing to drop.
let drop: (() => Promise<void>) | undefined
let base: string
let subs: Substitutions
let operations: Operation[]

const stats = {
  requests: 0,
  perFamily: Object.fromEntries(FAMILY_NAMES.map((f) => [f, 0])) as Record<string, number>,
  perOperation: new Map<string, number>(),
  fiveHundreds: 0,
  shapeMismatches: 0,
  partialWrites: 0,
  canaries: 0,
  refusedWrites: 0,
  /** Answers by status class ('2xx', '4xx', 'none' for a socket closed unanswered). */
  statuses: {} as Record<string, number>,
}

async function make(
  method: string,
  p: string,
  json: unknown,
  token: string,
): Promise<Record<string, unknown> & { id: number }> {
  const res = await api(method, p, { token, json })
  if (res.status >= 300) throw new Error(`fixture ${method} ${p}: ${res.status} ${res.text}`)
  return res.body as Record<string, unknown> & { id: number }
}

beforeAll(async () => {
  db = await isolatedDatabase()
  drop = db.drop
  base = await serverUrl()
  // Fixtures the valid shapes name ({project}, {group}…): a non-admin user with a group, a project
  // with a repository and an issue, and root's own private group and project.
  const user = await make(
    'POST',
    '/users',
    {
      username: 'fuzzer',
      email: 'fuzzer@example.com',
      name: 'Fuzzer',
      password: 'password-123456',
      skip_confirmation: true,
    },
    ROOT_TOKEN,
  )
  const token = await make(
    'POST',
    `/users/${user.id}/personal_access_tokens`,
    { name: 'fuzz', scopes: ['api'] },
    ROOT_TOKEN,
  )
  const userToken = token.token as string
  const group = await make('POST', '/groups', { name: 'fuzz-group', path: 'fuzz-group' }, userToken)
  const project = await make('POST', '/projects', { name: 'fuzz-project', initialize_with_readme: true }, userToken)
  const groupProject = await make(
    'POST',
    '/projects',
    { name: 'fuzz-in-group', namespace_id: group.id, initialize_with_readme: true },
    userToken,
  )
  const issue = await make('POST', `/projects/${groupProject.id}/issues`, { title: 'fuzz issue' }, userToken)
  const rootGroup = await make(
    'POST',
    '/groups',
    { name: 'root-private', path: 'root-private', visibility: 'private' },
    ROOT_TOKEN,
  )
  const rootProject = await make(
    'POST',
    '/projects',
    { name: 'root-private-project', namespace_id: rootGroup.id, visibility: 'private' },
    ROOT_TOKEN,
  )
  const epic = await api('POST', `/groups/${group.id}/epics`, { token: userToken, json: { title: 'fuzz epic' } })
  subs = {
    tokens: { root: ROOT_TOKEN, user: userToken, anonymous: null },
    placeholders: {
      project: String(project.id),
      project_path: encodeURIComponent(project.path_with_namespace as string),
      project_path_raw: project.path_with_namespace as string,
      group_project: String(groupProject.id),
      root_project: String(rootProject.id),
      group: String(group.id),
      group_path: encodeURIComponent(group.full_path as string),
      root_group: String(rootGroup.id),
      user: String(user.id),
      username: 'fuzzer',
      root: '1',
      issue_iid: String(issue.iid),
      epic_iid: String(epic.status === 201 ? (epic.body as { iid: number }).iid : 1),
      user_token: userToken,
      data_dir: db.dataDir,
      data_dir_encoded: encodeURIComponent(db.dataDir),
    },
  }
  const doc = await fetch(`${base}/api/v4/openapi.json`)
  expect(doc.status).toBe(200)
  operations = operationsOf((await doc.json()) as OpenApiDocument).sort((a, b) => a.key.localeCompare(b.key))
}, 120_000)

afterAll(async () => {
  await drop?.()
})

/**
 * Writes this process defers (tracked usage events, token last-use touches) land now: those of
 * earlier requests before a digest, so that a refused request is charged only with its own.
 */
async function settle(): Promise<void> {
  await flushEvents()
  await flushTokenUses()
}

// The digest of the database as it was after the last request whose effect is known (a refused
// write leaves it as it was); null when the last request may have written.
let known: Digests | null = null

/** Sends one request (a twin pair: both) and returns every oracle's problems (empty: all hold). */
async function check(req: FuzzRequest): Promise<string[]> {
  if (!req.twins) return checkOne(req)
  const first = await checkOne({ ...req, twins: undefined })
  const second = await checkOne(nfdTwin(req))
  return [...first, ...second.map((p) => `NFD twin: ${p}`)]
}

async function checkOne(req: FuzzRequest): Promise<string[]> {
  const write = !['GET', 'HEAD'].includes(req.method)
  if (write) await settle()
  const before = write ? (known ?? (await tableDigests())) : null
  let res: FuzzResponse
  try {
    res = await send(base, req, subs)
  } catch (e) {
    known = null
    const cause = (e as { cause?: { code?: string; message?: string } }).cause
    return [`transport: ${(e as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`]
  }
  stats.requests++
  stats.perFamily[req.family] = (stats.perFamily[req.family] ?? 0) + 1
  stats.perOperation.set(req.op, (stats.perOperation.get(req.op) ?? 0) + 1)
  const statusClass = res.noAnswer ? 'none' : `${Math.floor(res.status / 100)}xx`
  stats.statuses[statusClass] = (stats.statuses[statusClass] ?? 0) + 1
  const problems = answerProblems(req, res, db.canary)
  if (problems.some((p) => p.startsWith('status ') || p.startsWith('transport'))) stats.fiveHundreds++
  if (problems.some((p) => p.startsWith('shape: '))) stats.shapeMismatches++
  if (problems.some((p) => p.includes('canary'))) stats.canaries++
  known = null
  if (before && refusedWrite(req, res)) {
    stats.refusedWrites++
    await settle()
    const after = await tableDigests()
    const changed = changedTables(before, after)
    if (changed.length) {
      stats.partialWrites++
      problems.push(`partial write: ${res.status} changed ${changed.join(', ')}`)
    }
    known = after
  }
  return problems
}

/** A failure as one line of JSON: paste it into corpus/ to replay it every run. */
const replayable = (req: FuzzRequest, problems: string[]) =>
  `${problems.join('; ')}\n  corpus entry: ${JSON.stringify({ request: req })}`

interface CorpusEntry {
  /** What the entry found or guards (a defect fixed, or why it is interesting). */
  note: string
  request: FuzzRequest
}

const corpus = (): { file: string; entry: CorpusEntry }[] =>
  readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(CORPUS, file), 'utf8')) as CorpusEntry[]).map((entry) => ({ file, entry })),
    )

describe('fuzz: every endpoint, every family', () => {
  it('replays the corpus', async () => {
    const failures: string[] = []
    const entries = corpus()
    for (const { file, entry } of entries) {
      const problems = await check(entry.request)
      if (problems.length)
        failures.push(`${file} (${entry.note}): ${entry.request.op}: ${replayable(entry.request, problems)}`)
    }
    console.log(`fuzz corpus: ${entries.length} requests replayed, ${failures.length} failing`)
    expect(failures).toEqual([])
  }, 120_000)

  it(`holds every oracle (seed ${SEED}, ${RUNS} runs per operation)`, async () => {
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays), ${RUNS} requests per operation (FUZZ_RUNS)`)
    const started = Date.now()
    const failures: string[] = []
    for (const [i, op] of operations.entries()) {
      const result = await fc.check(
        fc.asyncProperty(requestOf(op), async (req) => {
          const problems = await check(req)
          if (problems.length) throw new Error(replayable(req, problems))
        }),
        { seed: SEED + i, numRuns: RUNS, maxSkipsPerRun: 0, endOnFailure: false },
      )
      if (result.failed)
        failures.push(
          `${op.key} (seed ${SEED + i}, path ${result.counterexamplePath}): ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)}`,
        )
    }
    const covered = operations.filter((op) => (stats.perOperation.get(op.key) ?? 0) > 0).length
    const inDocument = operations.length - OUTSIDE_DOCUMENT.length
    const coveredInDocument = covered - OUTSIDE_DOCUMENT.filter((op) => stats.perOperation.has(op.key)).length
    console.log(
      [
        `fuzz report (${SEED}, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${Math.round((Date.now() - started) / 1000)} s):`,
        `  operations covered / in the document: ${coveredInDocument} / ${inDocument} (+ ${OUTSIDE_DOCUMENT.map((o) => o.key).join(', ')})`,
        `  requests: ${stats.requests}; per family: ${Object.entries(stats.perFamily)
          .map(([f, n]) => `${f} ${n}`)
          .join(', ')}`,
        `  answers: ${Object.entries(stats.statuses)
          .sort()
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}`,
        `  status >= 500: ${stats.fiveHundreds}; shape mismatches: ${stats.shapeMismatches}; canary served: ${stats.canaries}; partial writes: ${stats.partialWrites} (of ${stats.refusedWrites} refused writes)`,
      ].join('\n'),
    )
    expect(failures).toEqual([])
    expect(covered).toBe(operations.length)
  }, 900_000)

  it('logged no error a client could not see: no unhandled error, no request line with a status ≥ 500', async () => {
    await flushLog()
    // The logger opened this file only if nothing logged before the switch (isolated-database.ts).
    expect(existsSync(db.logFile)).toBe(true)
    const lines = readFileSync(db.logFile, 'utf8').split('\n').filter(Boolean)
    const requestLines = lines.filter((l) => l.includes('"request_id"')).length
    const bad = lines.filter((l) => l.includes('"msg":"unhandled error"') || /"status":5\d\d/.test(l))
    console.log(`fuzz server log: ${lines.length} lines, ${requestLines} request lines, ${bad.length} errors`)
    expect(requestLines).toBeGreaterThanOrEqual(stats.requests / 2)
    expect(bad.map((l) => l.slice(0, 400))).toEqual([])
  })

  it('covers every routed endpoint: each is in the document, and every operation was fuzzed', async () => {
    const inDocument = new Set(operations.map((op) => op.key))
    const routed = allEndpoints.map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`)
    expect(routed.filter((key) => !inDocument.has(key))).toEqual([])
    expect(operations.filter((op) => !stats.perOperation.get(op.key)).map((op) => op.key)).toEqual([])
    for (const outside of ['POST /api/graphql', 'GET /jwt/auth'])
      expect(stats.perOperation.get(outside) ?? 0).toBeGreaterThan(0)
  })
})
