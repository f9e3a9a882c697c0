// Secrets are never logged and never stored in plaintext (issue 31 B). This file makes a secret of
// every kind the product hands out or accepts through the API (password, personal and group/project
// access tokens, runner authentication and registration tokens, a masked CI variable, a console
// session cookie with its CSRF token and session id, registry JWTs), uses each where the server
// logs the request, refused ones included (401/403 with the secret in a header, in `private_token=`
// and in the path), and then greps every log file the run's test servers wrote and every column of
// every table for each secret recorded in the run (test/secrets.ts: this file's and, under
// `npm test`, every earlier step's) in its plain, URL-encoded and base64 forms. Each scan is shown
// to see what it looks for (the log has this file's request lines, the dump has this user's name).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { encode, type JWT } from 'next-auth/jwt'
import { beforeAll, describe, expect, it } from 'vitest'
import { csrfTokenFor } from '../../lib/auth/session-cookie'
import { authOptions, authorizeLogin } from '../../lib/console/next-auth'
import { getDb } from '../../lib/db'
import { flushLog } from '../../lib/runtime/log'
import { api, createGroup, unique } from '../helpers'
import { jwt } from '../registry/api'
import { logFiles, recordedSecrets, recordSecret, SecretScanner } from '../secrets'

/** The secrets this file made, by kind (each also recorded for the scan). */
const made: Record<string, string> = {}
const keep = (kind: string, value: unknown): string => {
  expect(typeof value === 'string' && value.length >= 12, `${kind}: ${typeof value}`).toBe(true)
  made[kind] = value as string
  recordSecret(kind, value)
  return value as string
}
/** A near miss of a real secret (a typo, a stale copy): refused, and still never to be logged. */
const nearMiss = (kind: string, secret: string) =>
  keep(`${kind} (refused near miss)`, `${secret.slice(0, -4)}${randomBytes(2).toString('hex')}`)

let user: { id: number; username: string }
let project: { id: number; path_with_namespace: string }
let variableKey: string
const statuses: number[] = []

/** An API request whose status is kept, so the test can tell how many request lines the log must hold. */
async function call(...args: Parameters<typeof api>) {
  const res = await api(...args)
  statuses.push(res.status)
  return res
}

beforeAll(async () => {
  // A user with a password, and a personal access token.
  const password = `pw-${randomBytes(15).toString('base64url')}`
  const created = await call('POST', '/users', {
    json: {
      username: unique('secret'),
      email: `${unique('secret')}@example.com`,
      name: 'Secret Keeper',
      password,
      skip_confirmation: true,
    },
  })
  expect(created.status).toBe(201)
  user = created.body
  keep('password', password)
  const pat = await call('POST', `/users/${user.id}/personal_access_tokens`, {
    json: { name: 'scan', scopes: ['api', 'read_registry'] },
  })
  expect(pat.status).toBe(201)
  keep('personal access token', pat.body.token)

  // A group and a project the user owns, with their access tokens.
  const group = await createGroup()
  expect(
    (await call('POST', `/groups/${group.id}/members`, { json: { user_id: user.id, access_level: 50 } })).status,
  ).toBe(201)
  const p = await call('POST', '/projects', {
    json: { name: unique('secrets'), namespace_id: group.id, visibility: 'private' },
  })
  expect(p.status).toBe(201)
  project = p.body
  const gat = await call('POST', `/groups/${group.id}/access_tokens`, {
    json: { name: 'scan', scopes: ['api'], access_level: 40 },
  })
  expect(gat.status).toBe(201)
  keep('group access token', gat.body.token)
  const prat = await call('POST', `/projects/${project.id}/access_tokens`, {
    json: { name: 'scan', scopes: ['api'], access_level: 40 },
  })
  expect(prat.status).toBe(201)
  keep('project access token', prat.body.token)

  // Runner tokens: a runner made by an administrator, and the project's registration token.
  const runner = await call('POST', '/user/runners', { json: { runner_type: 'instance_type', description: 'scan' } })
  expect(runner.status).toBe(201)
  keep('runner authentication token', runner.body.token)
  const full = await call('GET', `/projects/${project.id}`)
  expect(full.status).toBe(200)
  keep('runner registration token', full.body.runners_token)

  // A masked CI variable.
  variableKey = `SCAN_${randomBytes(3).toString('hex').toUpperCase()}`
  const masked = randomBytes(18).toString('base64url')
  const variable = await call('POST', `/projects/${project.id}/variables`, {
    json: { key: variableKey, value: masked, masked: true },
  })
  expect(variable.status).toBe(201)
  keep('masked CI variable value', masked)

  // A console sign-in as next-auth makes it (test/integration/console-sessions.test.ts): the
  // session cookie, its CSRF token and the server-side session id inside it.
  const signedIn = await authorizeLogin(user.username, password, {})
  expect(signedIn).toBeTruthy()
  const initial: JWT = { name: signedIn!.name, email: signedIn!.email, sub: signedIn!.id }
  const token = await authOptions.callbacks!.jwt!({ token: initial, user: signedIn!, account: null, trigger: 'signIn' })
  keep('console session id', token.sid)
  const cookie = keep('console session cookie', await encode({ token, secret: process.env.AUTH_SECRET! }))
  keep('CSRF token', csrfTokenFor(cookie))

  // Registry JWTs from /jwt/auth, with the token and with the password as Basic credentials.
  const scope = `repository:${project.path_with_namespace.toLowerCase()}:pull`
  const byToken = await jwt([scope], { login: user.username, password: made['personal access token']! })
  expect(byToken.status).toBe(200)
  keep('registry JWT', byToken.body.token)
  const byPassword = await jwt([scope], { login: user.username, password })
  expect(byPassword.status).toBe(200)
  keep('registry JWT (password)', byPassword.body.token)
})

describe('secrets are never logged', () => {
  it('uses every secret where requests are logged, accepted and refused', async () => {
    const tokens = ['personal access token', 'group access token', 'project access token'].map(
      (k) => [k, made[k]!] as const,
    )
    for (const [kind, secret] of tokens) {
      expect((await call('GET', '/user', { token: secret })).status).toBe(200)
      expect((await call('GET', '/user', { token: null, query: { private_token: secret } })).status).toBe(200)
      expect((await call('GET', '/user', { token: null, headers: { Authorization: `Bearer ${secret}` } })).status).toBe(
        200,
      )
      const miss = nearMiss(kind, secret)
      expect((await call('GET', '/user', { token: miss })).status).toBe(401)
      expect((await call('GET', '/user', { token: null, query: { private_token: miss } })).status).toBe(401)
      expect((await call('GET', '/user', { token: null, headers: { Authorization: `Bearer ${miss}` } })).status).toBe(
        401,
      )
      // In the path: the log line names the route template, not the path.
      expect((await call('GET', `/projects/${encodeURIComponent(secret)}`, { token: secret })).status).toBe(404)
    }

    // The console cookie: reads alone, writes with the CSRF token; without it 401.
    const cookie = `next-auth.session-token=${made['console session cookie']}`
    expect((await call('GET', '/user', { token: null, headers: { Cookie: cookie } })).status).toBe(200)
    const body = { name: 'from-console', scopes: ['api'] }
    expect(
      (await call('POST', '/user/personal_access_tokens', { token: null, headers: { Cookie: cookie }, json: body }))
        .status,
    ).toBe(401)
    const fromConsole = await call('POST', '/user/personal_access_tokens', {
      token: null,
      headers: { Cookie: cookie, 'X-CSRF-Token': made['CSRF token']! },
      json: body,
    })
    expect(fromConsole.status).toBe(201)
    keep('personal access token (console)', fromConsole.body.token)
    const badCsrf = nearMiss('CSRF token', made['CSRF token']!)
    expect(
      (
        await call('POST', '/user/personal_access_tokens', {
          token: null,
          headers: { Cookie: cookie, 'X-CSRF-Token': badCsrf },
          json: body,
        })
      ).status,
    ).toBe(401)

    // Runner tokens on the runner protocol, right and wrong.
    const runnerToken = made['runner authentication token']!
    expect((await call('POST', '/runners/verify', { token: null, json: { token: runnerToken } })).status).toBe(200)
    expect(
      (
        await call('POST', '/runners/verify', {
          token: null,
          json: { token: nearMiss('runner authentication token', runnerToken) },
        })
      ).status,
    ).toBe(403)
    const reg = made['runner registration token']!
    expect(
      (await call('POST', '/runners', { token: null, json: { token: nearMiss('runner registration token', reg) } }))
        .status,
    ).toBe(403)
    expect(
      (
        await call('POST', '/runners', {
          token: null,
          query: { token: reg },
          json: { description: 'by registration token' },
        })
      ).status,
    ).toBeOneOf([201, 410])

    // A job token nobody holds, in the header and the query string.
    const jobToken = keep('job token (unknown)', `glcbt-${randomBytes(16).toString('hex')}`)
    expect((await call('GET', '/job', { token: null, headers: { 'JOB-TOKEN': jobToken } })).status).toBe(401)
    expect((await call('GET', '/job', { token: null, query: { job_token: jobToken } })).status).toBe(401)

    // A password refused by validation (no email) and one refused by the registry's Basic auth.
    const refused = keep('password (refused user)', `pw-${randomBytes(15).toString('base64url')}`)
    expect(
      (await call('POST', '/users', { json: { username: unique('nomail'), name: 'No Mail', password: refused } }))
        .status,
    ).toBe(400)
    const wrongBasic = await jwt([`repository:${project.path_with_namespace.toLowerCase()}:pull`], {
      login: user.username,
      password: keep('password (wrong)', `pw-${randomBytes(15).toString('base64url')}`),
    })
    expect(wrongBasic.status).toBe(401)

    // A revoked token, refused.
    const pat = await call('POST', `/users/${user.id}/personal_access_tokens`, {
      json: { name: 'revoked', scopes: ['api'] },
    })
    expect((await call('DELETE', `/personal_access_tokens/${pat.body.id}`)).status).toBe(204)
    expect((await call('GET', '/user', { token: null, query: { private_token: pat.body.token } })).status).toBe(401)
  })

  it("finds none in the log files the run's test servers wrote", async () => {
    await flushLog()
    const files = logFiles()
    expect(files.length).toBeGreaterThan(0)
    const scanner = new SecretScanner(recordedSecrets())
    // Every kind this file made is among the secrets scanned.
    expect(scanner.secrets).toBeGreaterThanOrEqual(Object.keys(made).length)

    // The scanner sees each form of a secret it is given (the positive control of the grep): a
    // secret whose characters change under each encoding, planted at each base64 alignment.
    const probe = `pr0be/${randomBytes(9).toString('base64')}+& ~x`
    const control = new SecretScanner([{ kind: 'probe', value: probe }])
    const b64 = (prefix: string) => Buffer.from(`${prefix}${probe}`).toString('base64')
    const planted = `a=${probe}; q=?t=${encodeURIComponent(probe)}; f=${new URLSearchParams({ f: probe })}; ${b64('')}; Basic ${b64('u:')}; ${b64('ab:')}; ${b64('c')}`
    expect(new Set(control.scan(planted, 'probe').map((h) => h.form))).toEqual(
      new Set(['plain', 'url-encoded', 'form-encoded', 'base64 (offset 0)', 'base64 (offset 1)', 'base64 (offset 2)']),
    )
    expect(control.scan(planted.replaceAll('pr0be', 'pr0bf'), 'probe').filter((h) => h.form === 'plain')).toEqual([])

    let bytes = 0
    let lines = 0
    const hits = []
    const seen = { 401: 0, 200: 0 }
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      bytes += text.length
      for (const line of text.split('\n')) {
        if (!line) continue
        lines++
        if (line.includes('"status":401')) seen[401]++
        if (line.includes('"status":200')) seen[200]++
      }
      hits.push(...scanner.scan(text, file))
    }
    // The log holds this file's request lines: the grep ran over what the servers wrote.
    expect(seen[401]).toBeGreaterThanOrEqual(statuses.filter((s) => s === 401).length)
    expect(seen[200]).toBeGreaterThanOrEqual(statuses.filter((s) => s === 200).length)
    console.log(
      `secrets scanned: ${scanner.secrets} (${scanner.forms} forms) in ${files.length} log file(s), ${lines} lines, ${bytes} bytes: ${hits.length} hits`,
    )
    expect(hits).toEqual([])
  })

  it('finds none in any column of any table', async () => {
    const db = await getDb()
    const postgres = (process.env.DATABASE_URL ?? '').startsWith('postgres')
    const tables = postgres
      ? await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
        )
      : await db.$queryRawUnsafe<{ name: string }[]>(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1`,
        )
    const scanner = new SecretScanner(recordedSecrets())
    const hits = []
    let rows = 0
    let bytes = 0
    const texts: string[] = []
    for (const { name } of tables) {
      // Every value of every row: strings as they are, bytes as Latin-1, JSON as its text.
      const all = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${name.replaceAll('"', '""')}"`)
      rows += all.length
      const parts: string[] = []
      for (const row of all)
        for (const v of Object.values(row)) {
          if (typeof v === 'string') parts.push(v)
          else if (v instanceof Uint8Array) parts.push(Buffer.from(v).toString('latin1'))
          else if (v && typeof v === 'object' && !(v instanceof Date)) parts.push(JSON.stringify(v))
        }
      const text = parts.join('\n')
      bytes += text.length
      texts.push(text)
      hits.push(...scanner.scan(text, `table ${name}`))
    }
    // The dump reads the rows this file made (the user's name, the variable's key).
    const dump = texts.join('\n')
    expect(dump).toContain(user.username)
    expect(dump).toContain(variableKey)
    console.log(
      `database dump (${postgres ? 'PostgreSQL' : 'SQLite'}): ${tables.length} tables, ${rows} rows, ${bytes} bytes, ${scanner.secrets} secrets: ${hits.length} hits`,
    )
    expect(hits).toEqual([])
  })
})
